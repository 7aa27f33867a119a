import fc from "fast-check";
import type { Option } from "../../../src/api";
import { INSIDE_WORD_FROM, matchTier, searchOptions, searchText } from "../../../src/core/option-search";
import { COUNTRIES } from "../../../src/emulator/data/countries";

const countries: Option[] = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));
const labels = (options: readonly Option[]) => options.map((option) => option.label);

describe("searchOptions", () => {
  it("finds the country whose code is typed, not those whose name merely holds the letters", () => {
    expect(labels(searchOptions(countries, "US"))).toEqual(["United States"]);
    expect(labels(searchOptions(countries, "us"))).not.toContain("Austria");
    expect(labels(searchOptions(countries, "us"))).not.toContain("Australia");
  });

  it("ranks an exact code, then a code prefix, then a name's start, then a later word's start", () => {
    const options: Option[] = [
      { value: "XX", label: "Caribbean Islands" },
      { value: "IS", label: "Iceland" },
      { value: "ISR", label: "Other place" },
      { value: "IT", label: "Isla Mujeres" },
      { value: "FK", label: "Falkland Islands" },
    ];
    expect(labels(searchOptions(options, "is"))).toEqual([
      "Iceland",
      "Other place",
      "Isla Mujeres",
      "Caribbean Islands",
      "Falkland Islands",
    ]);
  });

  it("puts an exact name before a code that merely starts with the search", () => {
    const options: Option[] = [
      { value: "chad_region", label: "Sahel" },
      { value: "TD", label: "Chad" },
    ];
    expect(labels(searchOptions(options, "chad"))).toEqual(["Chad", "Sahel"]);
  });

  it("keeps the list's own order within a tier", () => {
    expect(labels(searchOptions(countries, "united"))).toEqual([
      "United States",
      "United Kingdom",
      "United Arab Emirates",
    ]);
  });

  it("offers hits inside a word only from three letters, and after every word start", () => {
    const options: Option[] = [
      { value: "FI", label: "Finland" },
      { value: "LA", label: "Land of Fire" },
    ];
    expect(labels(searchOptions(options, "la"))).toEqual(["Land of Fire"]);
    expect(labels(searchOptions(options, "land"))).toEqual(["Land of Fire", "Finland"]);
    expect(matchTier({ value: "FI", label: "Finland" }, "lan")).toBe("inside a word");
    expect(matchTier({ value: "FI", label: "Finland" }, "la")).toBeUndefined();
  });

  it("treats underscores, dashes and brackets as word breaks in codes and names", () => {
    const formats: Option[] = [
      { value: "banner_320x50", label: "Small banner" },
      { value: "interstitial", label: "Interstitial (full screen)" },
    ];
    expect(labels(searchOptions(formats, "320"))).toEqual(["Small banner"]);
    expect(labels(searchOptions(formats, "full"))).toEqual(["Interstitial (full screen)"]);
    expect(labels(searchOptions(formats, "50"))).toEqual([]);
  });

  it("ignores case, accents and extra spaces", () => {
    const options: Option[] = [{ value: "CI", label: "Côte d'Ivoire" }];
    expect(labels(searchOptions(options, "  COTE  "))).toEqual(["Côte d'Ivoire"]);
    expect(labels(searchOptions(options, "côte   d'"))).toEqual(["Côte d'Ivoire"]);
  });

  it("gives every option, in order, for a blank search", () => {
    expect(searchOptions(countries, "   ")).toEqual(countries);
  });
});

describe("searchOptions properties", () => {
  // A small alphabet, so that codes, names and searches often share letters and words.
  const text = fc.string({ unit: fc.constantFrom("a", "b", "U", "s", "é", " ", "_", "1"), maxLength: 8 });
  const options = fc.uniqueArray(fc.record({ value: text, label: text }), {
    selector: (option) => option.value,
    maxLength: 12,
  });
  const withSearch = options.chain((list) =>
    fc.tuple(
      fc.constant(list),
      fc.oneof(
        text,
        // Often a piece of an offered code or name, so that there is something to find.
        list.length === 0
          ? text
          : fc
              .tuple(fc.constantFrom(...list), fc.boolean(), fc.nat(), fc.nat())
              .map(([option, code, start, length]) => {
                const source = code ? option.value : option.label;
                const from = start % (source.length + 1);
                return source.slice(from, from + (length % 5));
              }),
      ),
    ),
  );

  it("shows only options whose code or name holds the search, each once", () => {
    fc.assert(
      fc.property(withSearch, ([list, search]) => {
        const query = searchText(search);
        const shown = searchOptions(list, search);
        expect(new Set(shown).size).toBe(shown.length);
        for (const option of shown) expect(list).toContain(option);
        if (query === "") expect(shown).toEqual(list);
        else
          for (const option of shown)
            expect(searchText(option.value).includes(query) || searchText(option.label).includes(query)).toBe(true);
      }),
    );
  });

  it("always puts an exact code match first", () => {
    fc.assert(
      fc.property(withSearch, ([list, search]) => {
        const query = searchText(search);
        fc.pre(query !== "" && list.some((option) => searchText(option.value) === query));
        const [first] = searchOptions(list, search);
        expect(first && searchText(first.value)).toBe(query);
      }),
    );
  });

  it("never loses a code's or a name's start, and keeps inside-word hits from three letters", () => {
    fc.assert(
      fc.property(withSearch, ([list, search]) => {
        const query = searchText(search);
        fc.pre(query !== "");
        const shown = new Set(searchOptions(list, search));
        for (const option of list) {
          const code = searchText(option.value);
          const label = searchText(option.label);
          if (code.startsWith(query) || label.startsWith(query)) expect(shown.has(option)).toBe(true);
          if (query.length >= INSIDE_WORD_FROM && (code.includes(query) || label.includes(query)))
            expect(shown.has(option)).toBe(true);
        }
      }),
    );
  });
});
