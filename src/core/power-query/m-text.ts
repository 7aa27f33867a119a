/**
 * A Power Query M text literal holding `value` exactly. In M a literal doubles `"`, and `#(`
 * starts an escape (`#(lf)`, `#(0041)`), so the `#` of a literal `#(` is written `#(#)`; control
 * characters are written as escapes, since a raw line break would end up in the editor's text
 * as whatever the file's line endings make of it.
 */
export function mText(value: string): string {
  const chars = [...value];
  let body = "";
  chars.forEach((char, index) => {
    if (char === '"') body += '""';
    else if (char === "#" && chars[index + 1] === "(") body += "#(#)";
    else if (isControl(char)) body += `#(${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")})`;
    else body += char;
  });
  return `"${body}"`;
}

function isControl(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0x2028 || code === 0x2029;
}

/** An M list of texts: `{"date", "country"}`. */
export function mTextList(values: readonly string[]): string {
  return `{${values.map(mText).join(", ")}}`;
}
