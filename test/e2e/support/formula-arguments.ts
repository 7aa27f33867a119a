/**
 * Reads `=NAME("a",,"b")` back into its arguments the way Excel does: texts in double quotes
 * with doubled inner quotes, an empty argument between two commas. Only text arguments are
 * read, which is all the task pane writes.
 */
export function formulaArguments(formula: string, name: string): (string | undefined)[] {
  const prefix = `=${name}(`;
  if (!formula.startsWith(prefix) || !formula.endsWith(")")) throw new Error(`not a ${name} formula: ${formula}`);
  const body = formula.slice(prefix.length, -1);
  const args: (string | undefined)[] = [];
  let index = 0;
  for (;;) {
    if (body[index] === '"') {
      let text = "";
      index += 1;
      for (;;) {
        const char = body[index];
        if (char === undefined) throw new Error("unterminated text");
        if (char === '"' && body[index + 1] === '"') {
          text += '"';
          index += 2;
        } else if (char === '"') {
          index += 1;
          break;
        } else {
          text += char;
          index += 1;
        }
      }
      args.push(text);
    } else {
      args.push(undefined);
    }
    if (index >= body.length) return args;
    if (body[index] !== ",") throw new Error(`expected a comma at ${index} in ${body}`);
    index += 1;
  }
}
