import { z } from "zod";
import { isCalendarDate } from "./primitives";

/**
 * The shapes of the reference routes are not public (known-facts). Each is read leniently
 * from any of: a bare array of strings, a bare array of objects, or an object wrapping one
 * such array, and normalised to one option shape.
 */
export const option = z.object({ value: z.string(), label: z.string() });
export type Option = z.infer<typeof option>;

const VALUE_KEYS = ["value", "id", "code", "key", "name", "label"] as const;
const LABEL_KEYS = ["label", "name", "title", "description", "value", "id", "code", "key"] as const;

type Issue = { message: string; path?: (string | number)[] };

function firstText(record: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === "string" && value !== "") return value;
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The array a reference answer carries: the answer itself, or the one array inside an object. */
export function unwrapList(input: unknown, preferredKeys: readonly string[] = []): unknown[] | undefined {
  if (Array.isArray(input)) return input;
  if (!isRecord(input)) return undefined;
  for (const key of [...preferredKeys, "data", "items", "results", "values"]) {
    if (Array.isArray(input[key])) return input[key] as unknown[];
  }
  const arrays = Object.values(input).filter(Array.isArray);
  return arrays.length === 1 ? (arrays[0] as unknown[]) : undefined;
}

export function readOption(item: unknown): Option | Issue {
  if (typeof item === "string") return { value: item, label: item };
  if (typeof item === "number" && Number.isFinite(item)) return { value: String(item), label: String(item) };
  if (isRecord(item)) {
    const value = firstText(item, VALUE_KEYS);
    if (value !== undefined) return { value, label: firstText(item, LABEL_KEYS) ?? value };
    return { message: `has none of the fields ${VALUE_KEYS.join(", ")}` };
  }
  return { message: `is ${item === null ? "null" : typeof item}, expected a text or an object` };
}

function isIssue(value: object): value is Issue {
  return "message" in value;
}

function readOptionList(input: unknown, preferredKeys: readonly string[], ctx: z.RefinementCtx): Option[] {
  const list = unwrapList(input, preferredKeys);
  if (!list) {
    ctx.addIssue({ code: "custom", message: "expected a list of values, or an object holding one list" });
    return z.NEVER;
  }
  const options: Option[] = [];
  list.forEach((item, index) => {
    const read = readOption(item);
    if (isIssue(read)) ctx.addIssue({ code: "custom", message: read.message, path: [index] });
    else options.push(read);
  });
  return options;
}

/** Builds the lenient reader of one reference route; `preferredKeys` are the likely wrapper names. */
export function optionList(...preferredKeys: string[]) {
  return z.unknown().transform((input, ctx) => readOptionList(input, preferredKeys, ctx));
}

export const countriesResponse = optionList("countries");
export const formatsResponse = optionList("formats");
export const integrationTypesResponse = optionList("integration_types", "integrationTypes");
export const deviceTypesResponse = optionList("device_types", "deviceTypes");
export const assetTypesResponse = optionList("asset_types", "assetTypes");

/** An asset with its ad units, as `/assets` roughly answers (known-facts, inferred). */
export const assetOption = option.extend({
  bundle: z.string().optional(),
  assetType: z.string().optional(),
  adUnits: z.array(option),
});
export type AssetOption = z.infer<typeof assetOption>;

export const assetsResponse = z.unknown().transform((input, ctx): AssetOption[] => {
  const list = unwrapList(input, ["assets"]);
  if (!list) {
    ctx.addIssue({ code: "custom", message: "expected a list of assets, or an object holding one list" });
    return z.NEVER;
  }
  const assets: AssetOption[] = [];
  list.forEach((item, index) => {
    const read = readOption(item);
    if (isIssue(read)) {
      ctx.addIssue({ code: "custom", message: read.message, path: [index] });
      return;
    }
    const record = isRecord(item) ? item : {};
    const units = unwrapList(record.ad_units ?? record.adUnits ?? [], []) ?? [];
    const adUnits = units.map(readOption).filter((unit): unit is Option => !isIssue(unit));
    assets.push({
      ...read,
      bundle: typeof record.bundle === "string" ? record.bundle : undefined,
      assetType: firstText(record, ["asset_type", "assetType", "type", "platform"]),
      adUnits,
    });
  });
  return assets;
});

/** `/details`: the caller's organizations, from a list or from a single organization object. */
export const detailsResponse = z.unknown().transform((input, ctx) => {
  // An organization object may hold one unrelated array (users, apps): only a list under an
  // organizations key makes the answer a list.
  const listed = isRecord(input) && (Array.isArray(input.organizations) || Array.isArray(input.organisations));
  const single = isRecord(input) && !listed && firstText(input, ["id", "uuid"]) !== undefined;
  const list = single ? [input] : unwrapList(input, ["organizations", "organisations"]);
  if (!list) {
    ctx.addIssue({ code: "custom", message: "expected the caller's organizations" });
    return z.NEVER;
  }
  const organizations: Option[] = [];
  list.forEach((item, index) => {
    const read = readOption(isRecord(item) ? { id: item.id ?? item.uuid, name: item.name ?? item.label } : item);
    if (isIssue(read)) ctx.addIssue({ code: "custom", message: read.message, path: ["organizations", index] });
    else organizations.push(read);
  });
  return { organizations, raw: input };
});
export type Details = z.infer<typeof detailsResponse>;

export const period = z.object({ from: z.string(), to: z.string() });
export type Period = z.infer<typeof period>;

const START_KEYS = ["from", "start", "start_date", "startDate", "from_date", "fromDate", "min", "first", "begin"];
const END_KEYS = ["to", "end", "end_date", "endDate", "to_date", "toDate", "max", "last"];

function dayOf(value: string | undefined): string | undefined {
  const day = value?.slice(0, 10);
  return day !== undefined && isCalendarDate(day) ? day : undefined;
}

function readPeriod(input: unknown): Period | undefined {
  if (isRecord(input)) {
    const from = dayOf(firstText(input, START_KEYS));
    const to = dayOf(firstText(input, END_KEYS));
    if (from && to) return { from, to };
    for (const nested of Object.values(input)) {
      const found = isRecord(nested) || Array.isArray(nested) ? readPeriod(nested) : undefined;
      if (found) return found;
    }
    return undefined;
  }
  if (Array.isArray(input)) {
    const days = input.map((item) => (typeof item === "string" ? dayOf(item) : undefined));
    if (days.length === 0 || days.some((day) => day === undefined)) return undefined;
    const sorted = (days as string[]).slice().sort();
    return { from: sorted[0]!, to: sorted[sorted.length - 1]! };
  }
  return undefined;
}

/** `/dates`: the period for which statistics exist, from a from/to object or a list of dates. */
export const datesResponse = z.unknown().transform((input, ctx): Period => {
  const found = readPeriod(input);
  if (!found) {
    ctx.addIssue({ code: "custom", message: "expected the first and last available dates (YYYY-MM-DD)" });
    return z.NEVER;
  }
  return found;
});
