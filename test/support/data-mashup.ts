import { strFromU8, unzipSync } from "fflate";

/**
 * Reads the Power Query formulas out of an .xlsx as Excel would find them: the DataMashup part
 * (customXml, UTF-16 XML holding base64) is [MS-QDEFF]'s binary: a version (4 bytes), the
 * package's length (4 bytes, little-endian) and the package, a zip holding Formulas/Section1.m.
 */

/** An XML part's text: the DataMashup part is written as UTF-16 with a byte order mark. */
export function partText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  return strFromU8(bytes);
}

/** Formulas/Section1.m of the workbook's Power Query package. */
export function section1Of(workbook: Uint8Array): string {
  const entries = unzipSync(workbook);
  const part = Object.entries(entries).find(
    ([name, bytes]) => name.startsWith("customXml/item") && partText(bytes).includes("<DataMashup"),
  );
  if (!part) throw new Error("no DataMashup part in the workbook");
  const base64 = /<DataMashup[^>]*>([^<]+)<\/DataMashup>/.exec(partText(part[1]))?.[1];
  const mashup = Buffer.from(base64 ?? "", "base64");
  const packageLength = mashup.readInt32LE(4);
  const packageZip = unzipSync(new Uint8Array(mashup.subarray(8, 8 + packageLength)));
  const formulas = packageZip["Formulas/Section1.m"];
  if (!formulas) throw new Error("no Formulas/Section1.m in the Power Query package");
  return strFromU8(formulas);
}
