import { METRICS } from "../../api";
import { comparisonColumnsOf } from "../compare/comparison-columns";
import { legacyColumnNames } from "../legacy/legacy-rows";
import { knownReadableName } from "../rows/headers";
import { isLegacyModel, type StoredTableQuery } from "./stored-query";

/**
 * The header texts the add-in may have written over each of a record's query columns: the API
 * name and the readable one, since a query may ask for either style (and a legacy table names its
 * columns as the legacy service does). Lower-cased, as Excel compares table column names.
 */
export function writtenHeaderNames(record: Pick<StoredTableQuery, "query" | "columns">): string[][] {
  const query = record.query;
  if (isLegacyModel(query)) {
    const names = legacyColumnNames(query.groupBy);
    return record.columns.map((key, index) => lowered([key, names[index]?.api, names[index]?.readable]));
  }
  const compared = query.compare ? METRICS.flatMap((metric) => comparisonColumnsOf(metric, query.compare!)) : [];
  return record.columns.map((key) =>
    lowered([key, knownReadableName(key), compared.find((column) => column.api === key)?.readable]),
  );
}

/** Whether `headers` (a table's column names, left to right) begin with the record's query columns. */
export function holdsQueryColumns(
  record: Pick<StoredTableQuery, "query" | "columns">,
  headers: readonly string[],
): boolean {
  const written = writtenHeaderNames(record);
  return (
    written.length <= headers.length && written.every((names, index) => names.includes(headers[index]!.toLowerCase()))
  );
}

function lowered(names: (string | undefined)[]): string[] {
  return names.filter((name): name is string => name !== undefined).map((name) => name.toLowerCase());
}
