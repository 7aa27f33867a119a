/**
 * Ad formats of the demo data (the ones seen in the wild, see known-facts). `ecpm` is the
 * tier 1 price in US dollars per thousand impressions; `requestWeight` is how often the
 * format is asked for compared with the others (banners refresh, rewarded video is opt-in).
 */
export interface FormatProfile {
  name: string;
  label: string;
  ecpm: number;
  fill: number;
  requestWeight: number;
}

export const FORMAT_PROFILES = {
  interstitial: { name: "interstitial", label: "Interstitial", ecpm: 7.5, fill: 0.9, requestWeight: 1 },
  optin_video: { name: "optin_video", label: "Rewarded video", ecpm: 14, fill: 0.85, requestWeight: 0.45 },
  overlay_thumbnail: {
    name: "overlay_thumbnail",
    label: "Overlay thumbnail",
    ecpm: 1.6,
    fill: 0.8,
    requestWeight: 1.6,
  },
  banner_320x50: { name: "banner_320x50", label: "Banner", ecpm: 0.45, fill: 0.95, requestWeight: 6 },
  medium_rectangle: { name: "medium_rectangle", label: "Medium rectangle", ecpm: 1.9, fill: 0.85, requestWeight: 2.2 },
} as const satisfies Record<string, FormatProfile>;

export type FormatName = keyof typeof FORMAT_PROFILES;

/** Placements where an ad unit of each kind lives, for readable ad unit names. */
export const PLACEMENT_NAMES: readonly string[] = [
  "Main menu",
  "Level complete",
  "Game over",
  "Shop",
  "Daily bonus",
  "Settings",
  "Article footer",
  "Sidebar",
  "Home feed",
  "Pause screen",
];
