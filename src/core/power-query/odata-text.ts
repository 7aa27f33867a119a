/**
 * OData URL pieces (OData v4 URL conventions): string literals double their `'`, and a query
 * option's value is percent-encoded, so that no value a user picked can end a literal, add a
 * clause or another option.
 */

/** `'O''Brien'`: an OData string literal holding `value`. */
export function odataString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * `country eq 'FR'` for one value, `(country eq 'FR' or country eq 'DE')` for several: the
 * plainest form the feed takes (it also takes `in`, which not every OData parser reads).
 */
export function valuesClause(property: string, values: readonly string[]): string {
  const equals = values.map((value) => `${property} eq ${odataString(value)}`);
  return equals.length === 1 ? (equals[0] ?? "") : `(${equals.join(" or ")})`;
}

/**
 * A query option's value as it goes in the URL: everything but letters, digits and `-_.!~*'()`
 * percent-encoded (so `,`, `&`, `=`, `#`, `%`, `+` and spaces cannot change the URL's shape).
 */
export function queryValue(text: string): string {
  return encodeURIComponent(text);
}
