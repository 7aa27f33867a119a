import type { Option } from "../api";

/**
 * How well an option matches a search, best first. A finance user types a code ("US") or the
 * start of a name ("united", "sta"): those come first, in that order. A hit inside a word
 * ("us" in "Austria") is almost always noise for one or two letters, so it is only offered,
 * last, for searches of three letters or more ("land" still finds Finland).
 */
const MATCH_TIERS = [
  "exact code",
  "exact label",
  "code prefix",
  "label prefix",
  "word start",
  "inside a word",
] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];

/** Shortest search for which a hit inside a word counts. */
export const INSIDE_WORD_FROM = 3;

/** Lower case without accents, so that "cote" finds "Côte d'Ivoire". */
export function searchText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && /[\p{L}\p{N}]/u.test(character);
}

/** Where `query` occurs in `text`: none, only inside words, or at least once at a word's start. */
function occurrence(text: string, query: string): "none" | "inside" | "word start" {
  let found: "none" | "inside" = "none";
  for (let at = text.indexOf(query); at !== -1; at = text.indexOf(query, at + 1)) {
    // A word starts at the text's start or after anything but a letter or digit: the "320" of
    // "banner_320x50" and the "us" of "(US)" do, the "50" of "320x50" does not.
    if (!isWordCharacter(text[at - 1])) return "word start";
    found = "inside";
  }
  return found;
}

// A list holds up to thousands of options and is searched at every keystroke: each option's
// texts are normalised once, on its first search. Options are never changed in place.
const normalised = new WeakMap<Option, { code: string; label: string }>();

function searchTextsOf(option: Option): { code: string; label: string } {
  let texts = normalised.get(option);
  if (texts === undefined) {
    texts = { code: searchText(option.value), label: searchText(option.label) };
    normalised.set(option, texts);
  }
  return texts;
}

/** The tier of `option` for a normalised, non-empty `query`, or undefined when it does not match. */
export function matchTier(option: Option, query: string): MatchTier | undefined {
  const { code, label } = searchTextsOf(option);
  if (code === query) return "exact code";
  if (label === query) return "exact label";
  if (code.startsWith(query)) return "code prefix";
  if (label.startsWith(query)) return "label prefix";
  const inLabel = occurrence(label, query);
  const inCode = occurrence(code, query);
  if (inLabel === "word start" || inCode === "word start") return "word start";
  if (query.length >= INSIDE_WORD_FROM && (inLabel === "inside" || inCode === "inside")) return "inside a word";
  return undefined;
}

/**
 * The options matching `search`, best tier first and in the list's own order within a tier;
 * every option, in order, when the search is blank.
 */
export function searchOptions<T extends Option>(options: readonly T[], search: string): T[] {
  const query = searchText(search);
  if (query === "") return [...options];
  const tiers: T[][] = MATCH_TIERS.map(() => []);
  for (const option of options) {
    const tier = matchTier(option, query);
    if (tier !== undefined) tiers[MATCH_TIERS.indexOf(tier)]?.push(option);
  }
  return tiers.flat();
}
