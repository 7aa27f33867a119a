/** A strict RFC 4180 reader for tests: CRLF records, quoted fields with doubled quotes. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"' && field === "") {
      const end = findClosingQuote(text, index + 1);
      field = text.slice(index + 1, end).replace(/""/g, '"');
      index = end + 1;
      continue;
    }
    if (char === ",") {
      record.push(field);
      field = "";
      index += 1;
    } else if (text.startsWith("\r\n", index)) {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      index += 2;
    } else {
      if (char === "\n" || char === "\r" || char === '"') throw new Error(`bare ${JSON.stringify(char)} at ${index}`);
      field += char;
      index += 1;
    }
  }
  if (field !== "" || record.length > 0) throw new Error("the last record does not end with CRLF");
  return records;
}

function findClosingQuote(text: string, from: number): number {
  let index = from;
  while (index < text.length) {
    if (text[index] === '"') {
      if (text[index + 1] === '"') index += 2;
      else return index;
    } else index += 1;
  }
  throw new Error("unterminated quoted field");
}
