import { FeedRefusal } from "../../core/odata/refusal";

export const JSON_TYPE =
  "application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8";
export const XML_TYPE = "application/xml;charset=utf-8";

const notAcceptable = (option: string, message: string) =>
  new FeedRefusal(option, message, { status: 406, code: "not_acceptable" });

/** The media types of an Accept header, without their parameters (`application/json;q=0.9`). */
function acceptedTypes(accept: string): string[] {
  return accept.split(",").map((range) => (range.split(";", 1)[0] ?? "").trim().toLowerCase());
}

/**
 * Whether the caller takes what the feed writes, as the OData JSON format says: `$format`
 * first (json, or application/json with its parameters), else the Accept header. The feed
 * writes JSON, and XML for $metadata only.
 */
export function checkFormat(format: string | undefined, accept: string | undefined, writes: "json" | "xml"): void {
  if (format !== undefined) {
    const type = (format.split(";", 1)[0] ?? "").trim().toLowerCase();
    const ok =
      writes === "json" ? type === "json" || type === "application/json" : type === "xml" || type === "application/xml";
    if (!ok)
      throw notAcceptable(
        "$format",
        writes === "json"
          ? "this feed writes JSON only: use $format=json or leave $format out."
          : "$metadata is XML only: leave $format out.",
      );
    return;
  }
  if (accept === undefined || accept.trim() === "") return;
  const types = acceptedTypes(accept);
  const wanted =
    writes === "json"
      ? ["application/json", "application/*", "*/*"]
      : ["application/xml", "text/xml", "application/*", "text/*", "*/*"];
  if (!types.some((type) => wanted.includes(type))) {
    throw notAcceptable(
      "Accept",
      writes === "json"
        ? "this feed writes JSON (application/json) only."
        : "$metadata is written as XML (application/xml) only.",
    );
  }
}
