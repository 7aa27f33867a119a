/**
 * The command line's wording of errors (the headless refresh, `npm run refresh-workbook`): the
 * pane's message with the pane's places and gestures named as an operator finds them. The
 * credentials come from the file given with --credentials, and there is no add-in to reload:
 * the run is started again. One message per error stays the source; this only renames.
 */

const CREDENTIALS = "the credentials file (--credentials)";

const RENAMES: readonly [RegExp, string][] = [
  [/in the profile on the Connect tab/g, `in the profile in ${CREDENTIALS}`],
  [/in the Reporting task pane \(Connect\)/g, `in ${CREDENTIALS}`],
  [/Add it to the profile on the Connect tab/g, `Add it to the profile in ${CREDENTIALS}`],
  [/,? or create it on the Connect tab/g, ` in ${CREDENTIALS}`],
  [/on the Connect tab/g, `in ${CREDENTIALS}`],
  [/ \(for the (?:Query|Legacy) tab\)/g, ""],
  [/open the Reporting task pane and check the connection/g, "check the connection"],
  [/(?:in|from) the Reporting task pane/g, `in ${CREDENTIALS}`],
  [/reload the add-in/g, "contact support"],
  [/,? then (?:sign in|connect) again/g, ", then run the refresh again"],
  [/ and (?:sign in|connect) again/g, ", then run the refresh again"],
  [/,? then refresh\b/g, ", then run the refresh again"],
  [/\bRefresh to read it again\b/g, "Run the refresh again to read it again"],
];

export function commandWording(paneMessage: string): string {
  return RENAMES.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), paneMessage);
}
