import { z } from "zod";
import { assetId, calendarDate, countryCode, isCalendarDate, rowCount, uuid } from "./primitives";

export const METRICS = ["impressions", "revenues", "ecpm", "requests"] as const;
export const GROUPS = [
  "date",
  "organization",
  "asset",
  "asset_type",
  "country",
  "ad_unit",
  "format",
  "integration_type",
  "device_types",
] as const;
export const ASSET_TYPES = ["ANDROID", "IOS", "WEB"] as const;
export const INTEGRATION_TYPES = ["standard_integration", "header_bidding"] as const;
export const DEVICE_TYPES = ["mobile", "desktop"] as const;
export const DATE_GROUPS = ["day", "week", "month"] as const;
/** Formats seen in the wild; the filter itself accepts any name the service lists. */
export const KNOWN_FORMATS = [
  "interstitial",
  "optin_video",
  "overlay_thumbnail",
  "banner_320x50",
  "medium_rectangle",
] as const;

export const metricName = z.enum(METRICS);
export const groupName = z.enum(GROUPS);
export const assetType = z.enum(ASSET_TYPES);
export const integrationType = z.enum(INTEGRATION_TYPES);
export const deviceType = z.enum(DEVICE_TYPES);
export const dateGroup = z.enum(DATE_GROUPS);

export type MetricName = z.infer<typeof metricName>;
export type GroupName = z.infer<typeof groupName>;
export type DateGroup = z.infer<typeof dateGroup>;

const ORDERABLE: readonly string[] = [...METRICS, ...GROUPS];
export const ORDER_PATTERN = new RegExp(`^(?:${ORDERABLE.join("|")})(?::desc)?$`);
export const orderEntry = z
  .string()
  .regex(ORDER_PATTERN, { message: `must be a metric or group name, optionally followed by :desc` });

export const statsFilters = z
  .object({
    from: calendarDate,
    to: calendarDate,
    organizations: z.array(uuid).optional(),
    assets: z.array(assetId).optional(),
    asset_types: z.array(assetType).optional(),
    ad_units: z.array(uuid).optional(),
    countries: z.array(countryCode).optional(),
    formats: z.array(z.string().min(1, { message: "must not be empty" })).optional(),
    integration_types: z.array(integrationType).optional(),
    device_types: z.array(deviceType).optional(),
  })
  // Only comparable once both are real dates; otherwise their own messages say enough.
  .refine((filters) => !isCalendarDate(filters.from) || !isCalendarDate(filters.to) || filters.from <= filters.to, {
    message: "from must be on or before to",
    path: ["to"],
  });

export type StatsFilters = z.infer<typeof statsFilters>;
export type FilterName = Exclude<keyof StatsFilters, "from" | "to">;
export const FILTER_NAMES = [
  "organizations",
  "assets",
  "asset_types",
  "ad_units",
  "countries",
  "formats",
  "integration_types",
  "device_types",
] as const satisfies readonly FilterName[];

/** Body of POST /stats, /stats/xls and /stats/csv (spec 2.1). */
export const statsRequest = z
  .object({
    filters: statsFilters,
    metrics: z.array(metricName).min(1).optional(),
    groups: z.array(groupName).optional(),
    orders: z.array(orderEntry).optional(),
    date_group: dateGroup.optional(),
    date_group_limit: rowCount.optional(),
    offset: rowCount.optional(),
    limit: rowCount.optional(),
  })
  .superRefine((request, ctx) => {
    // A repeated name would repeat a column (or sort twice by one field, perhaps both ways).
    const refuseRepeats = (field: "metrics" | "groups" | "orders", names: readonly string[] | undefined) => {
      const seen = new Set<string>();
      names?.forEach((name, index) => {
        if (seen.has(name))
          ctx.addIssue({ code: "custom", path: [field, index], message: `repeats ${name}: list each name once` });
        seen.add(name);
      });
    };
    refuseRepeats("metrics", request.metrics);
    refuseRepeats("groups", request.groups);
    refuseRepeats(
      "orders",
      request.orders?.map((order) => order.split(":")[0] ?? ""),
    );

    // Sorting by a group that is not in the answer has no meaning; saying so beats ignoring it.
    const groups: readonly string[] = request.groups ?? [];
    request.orders?.forEach((order, index) => {
      // A malformed entry already has its own message.
      if (!ORDER_PATTERN.test(order)) return;
      const name = order.split(":")[0] ?? "";
      if ((GROUPS as readonly string[]).includes(name) && !groups.includes(name)) {
        ctx.addIssue({
          code: "custom",
          path: ["orders", index],
          message: `sorts by ${name}, which is not among the groups: add it to groups or sort by a chosen group or a metric`,
        });
      }
    });
  });

export type StatsRequest = z.infer<typeof statsRequest>;

/** The group a filter narrows, so that callers can tell which dimension a filter varies. */
export const GROUP_OF_FILTER: Record<FilterName, GroupName> = {
  organizations: "organization",
  assets: "asset",
  asset_types: "asset_type",
  ad_units: "ad_unit",
  countries: "country",
  formats: "format",
  integration_types: "integration_type",
  device_types: "device_types",
};
