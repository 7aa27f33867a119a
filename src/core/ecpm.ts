/** eCPM is revenue per thousand impressions; with no impressions there is nothing to divide: 0. */
export function ecpmOf(revenue: number, impressions: number): number {
  return impressions > 0 ? (revenue / impressions) * 1000 : 0;
}
