import { FeedRefusal } from "./refusal";

/** The system query options the feed reads; any other `$` option is refused by name. */
export const READ_OPTIONS = [
  "$filter",
  "$select",
  "$orderby",
  "$top",
  "$skip",
  "$count",
  "$format",
  "$apply",
  "$skiptoken",
] as const;
export type ReadOption = (typeof READ_OPTIONS)[number];

/** OData's other system options: named in the refusal, so that the caller knows it is unsupported, not mistyped. */
const KNOWN_UNSUPPORTED = [
  "$expand",
  "$search",
  "$compute",
  "$levels",
  "$id",
  "$index",
  "$schemaversion",
  "$deltatoken",
  "$value",
];

/** Longest query string read: far above any folded Power Query request, far below a memory concern. */
export const MAX_QUERY_CHARS = 16_000;

export interface QueryOptions {
  system: Partial<Record<ReadOption, string>>;
  /** Options without `$` (the Web API key among them): never echoed, never sent on. */
  custom: Map<string, string>;
}

function isRead(name: string): name is ReadOption {
  return (READ_OPTIONS as readonly string[]).includes(name);
}

/**
 * The query string's options, decoded. OData 4.01 reads system option names in any case and lets
 * `$` be left out; 4.0 clients (Power Query) write them as `$filter`. A name that reads as a system
 * option without its `$` is refused rather than ignored: ignoring `filter=...` would answer
 * unfiltered numbers to a caller who asked for filtered ones.
 */
export function readQueryOptions(query: string): QueryOptions {
  if (query.length > MAX_QUERY_CHARS)
    throw new FeedRefusal(
      "query",
      `the address holds more than ${MAX_QUERY_CHARS} characters of query options: ask for fewer values at once.`,
    );
  const system: QueryOptions["system"] = {};
  const custom = new Map<string, string>();
  for (const [rawName, value] of new URLSearchParams(query)) {
    const lower = rawName.toLowerCase();
    const name = lower.startsWith("$") ? lower : `$${lower}`;
    if (!lower.startsWith("$") && !isRead(name) && !KNOWN_UNSUPPORTED.includes(name)) {
      custom.set(rawName, value);
      continue;
    }
    if (!lower.startsWith("$"))
      throw new FeedRefusal(name, `write it with its dollar sign (${name}=...), as OData 4.0 does.`);
    if (!isRead(name)) {
      throw new FeedRefusal(
        name.slice(0, 40),
        KNOWN_UNSUPPORTED.includes(name)
          ? "this feed does not support this option: leave it out."
          : "this is not a query option this feed knows: leave it out.",
      );
    }
    if (system[name] !== undefined) throw new FeedRefusal(name, "the option is given twice: give it once.");
    system[name] = value.trim();
  }
  return { system, custom };
}
