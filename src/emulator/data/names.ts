/** Word lists for readable demo names; the generator combines them without repeats. */
export const ORGANIZATION_NAMES: readonly string[] = [
  "Northwind Games",
  "Bluefin Studios",
  "Copperleaf Media",
  "Harbor Lane Interactive",
  "Silver Birch Entertainment",
  "Red Kite Digital",
];

export const PUBLISHER_SUFFIXES: readonly string[] = ["Publishing", "Labs", "Casual", "Mobile"];

export const APP_FIRST_WORDS: readonly string[] = [
  "Puzzle",
  "Galaxy",
  "Pixel",
  "Candy",
  "Ocean",
  "Tiny",
  "Royal",
  "Turbo",
  "Mystic",
  "Happy",
  "Jungle",
  "Crystal",
  "Sky",
  "Castle",
  "Word",
  "Bubble",
  "Rocket",
  "Garden",
  "Ninja",
  "Solitaire",
];

export const APP_SECOND_WORDS: readonly string[] = [
  "Quest",
  "Blast",
  "Racer",
  "Kingdom",
  "Match",
  "Builder",
  "Saga",
  "Heroes",
  "Dash",
  "Tycoon",
  "Legends",
  "Mania",
  "Island",
  "Farm",
  "Jump",
  "Crush",
  "Empire",
  "Story",
  "Run",
  "Master",
];

export const SITE_FIRST_WORDS: readonly string[] = [
  "Daily",
  "Weekend",
  "Smart",
  "Urban",
  "Green",
  "Open",
  "Bright",
  "Local",
  "Quick",
  "Modern",
];

export const SITE_SECOND_WORDS: readonly string[] = [
  "Recipes",
  "Gardener",
  "Traveller",
  "Tech News",
  "Sports Desk",
  "Money Guide",
  "Crosswords",
  "Weather",
  "Car Reviews",
  "Parenting",
];

export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "");
}
