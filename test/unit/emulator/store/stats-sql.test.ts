import { buildStatsQuery, type NarrowedStatsRequest } from "../../../../src/emulator/store/stats-query";

const request = (orders: string[]): NarrowedStatsRequest => ({
  filters: { from: "2024-01-01", to: "2024-01-31", organizations: ["0f8fad5b-d9cb-469f-a165-70867728950e"] },
  groups: ["country"],
  orders,
});
const codes = () => 0;

// The schema lets no such order through; the store must still not take it for a metric.
test.each(["constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"])(
  "point 9: the order %s is not a metric column",
  (name) => {
    const query = buildStatsQuery(request([`${name}:desc`, "revenues"]), codes);
    expect(query.sql).toContain('ORDER BY "revenues" ASC, "country" ASC');
    expect(query.sql).not.toContain(name);
  },
);
