/**
 * Countries of the demo data with their English names. `tier` drives eCPM (advertisers pay
 * most for tier 1 audiences); `audience` is the relative traffic a typical app gets there.
 */
export interface Country {
  code: string;
  name: string;
  tier: 1 | 2 | 3;
  audience: number;
}

export const COUNTRIES: readonly Country[] = [
  { code: "US", name: "United States", tier: 1, audience: 30 },
  { code: "GB", name: "United Kingdom", tier: 1, audience: 9 },
  { code: "CA", name: "Canada", tier: 1, audience: 5 },
  { code: "AU", name: "Australia", tier: 1, audience: 4 },
  { code: "DE", name: "Germany", tier: 1, audience: 8 },
  { code: "FR", name: "France", tier: 1, audience: 7 },
  { code: "JP", name: "Japan", tier: 1, audience: 8 },
  { code: "NL", name: "Netherlands", tier: 1, audience: 3 },
  { code: "SE", name: "Sweden", tier: 1, audience: 2 },
  { code: "NO", name: "Norway", tier: 1, audience: 1.5 },
  { code: "CH", name: "Switzerland", tier: 1, audience: 1.5 },
  { code: "DK", name: "Denmark", tier: 1, audience: 1.2 },
  { code: "KR", name: "South Korea", tier: 1, audience: 5 },
  { code: "ES", name: "Spain", tier: 2, audience: 5 },
  { code: "IT", name: "Italy", tier: 2, audience: 5 },
  { code: "BE", name: "Belgium", tier: 2, audience: 1.5 },
  { code: "AT", name: "Austria", tier: 2, audience: 1.2 },
  { code: "FI", name: "Finland", tier: 2, audience: 1 },
  { code: "IE", name: "Ireland", tier: 2, audience: 1 },
  { code: "NZ", name: "New Zealand", tier: 2, audience: 1 },
  { code: "SG", name: "Singapore", tier: 2, audience: 1.2 },
  { code: "IL", name: "Israel", tier: 2, audience: 1 },
  { code: "PL", name: "Poland", tier: 2, audience: 3 },
  { code: "PT", name: "Portugal", tier: 2, audience: 1.2 },
  { code: "CZ", name: "Czechia", tier: 2, audience: 1 },
  { code: "AE", name: "United Arab Emirates", tier: 2, audience: 1.2 },
  { code: "SA", name: "Saudi Arabia", tier: 2, audience: 2 },
  { code: "TW", name: "Taiwan", tier: 2, audience: 2 },
  { code: "HK", name: "Hong Kong", tier: 2, audience: 1.2 },
  { code: "BR", name: "Brazil", tier: 3, audience: 9 },
  { code: "MX", name: "Mexico", tier: 3, audience: 6 },
  { code: "AR", name: "Argentina", tier: 3, audience: 3 },
  { code: "CO", name: "Colombia", tier: 3, audience: 2.5 },
  { code: "CL", name: "Chile", tier: 3, audience: 1.5 },
  { code: "PE", name: "Peru", tier: 3, audience: 1.5 },
  { code: "IN", name: "India", tier: 3, audience: 12 },
  { code: "ID", name: "Indonesia", tier: 3, audience: 7 },
  { code: "PH", name: "Philippines", tier: 3, audience: 4 },
  { code: "TH", name: "Thailand", tier: 3, audience: 3 },
  { code: "VN", name: "Vietnam", tier: 3, audience: 3 },
  { code: "MY", name: "Malaysia", tier: 3, audience: 2 },
  { code: "TR", name: "Türkiye", tier: 3, audience: 4 },
  { code: "EG", name: "Egypt", tier: 3, audience: 2.5 },
  { code: "ZA", name: "South Africa", tier: 3, audience: 2 },
  { code: "NG", name: "Nigeria", tier: 3, audience: 2 },
  { code: "PK", name: "Pakistan", tier: 3, audience: 2 },
  { code: "RO", name: "Romania", tier: 3, audience: 1.5 },
  { code: "UA", name: "Ukraine", tier: 3, audience: 1.5 },
];

/** What one impression is worth relative to tier 1. */
export const TIER_ECPM_FACTOR: Record<Country["tier"], number> = { 1: 1, 2: 0.45, 3: 0.14 };
/** Share of ad requests that advertisers fill, by tier. */
export const TIER_FILL_RATE: Record<Country["tier"], number> = { 1: 0.88, 2: 0.74, 3: 0.55 };
/** Chance that an asset is distributed in a country of this tier at all. */
export const TIER_COVERAGE: Record<Country["tier"], number> = { 1: 0.92, 2: 0.62, 3: 0.4 };
/** Chance, per day, that a small market sends any traffic to a given ad placement. */
export const TIER_DAILY_ACTIVITY: Record<Country["tier"], [number, number]> = {
  1: [0.97, 1],
  2: [0.8, 0.97],
  3: [0.35, 0.85],
};
