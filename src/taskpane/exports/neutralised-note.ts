/** Says how many CSV fields were neutralised (csv-safety.ts), after what happened to the file. */
export function neutralisedNote(count: number): string {
  return count === 0
    ? ""
    : ` ${count === 1 ? "1 field" : `${count.toLocaleString()} fields`} a spreadsheet would have read as a formula ` +
        `${count === 1 ? "starts" : "start"} with ' so that ${count === 1 ? "it stays" : "they stay"} text.`;
}
