import { dateValue } from "@duckdb/node-api";
import type { Database, SqlValue } from "./database";

export type ColumnType = "VARCHAR" | "INTEGER" | "BIGINT" | "DOUBLE" | "DATE";
export interface Column {
  name: string;
  type: ColumnType;
}

/**
 * Creates a table and fills it through DuckDB's appender, the fast path for many rows.
 * DATE values are given as days since 1970-01-01. Table and column names come from this
 * program, never from a request.
 */
export async function createAndFill(
  database: Database,
  table: string,
  columns: readonly Column[],
  rows: Iterable<readonly SqlValue[]>,
): Promise<void> {
  const definition = columns.map((column) => `${column.name} ${column.type}`).join(", ");
  await database.execute(`CREATE TABLE ${table} (${definition})`);
  await database.withConnection(async ({ connection }) => {
    const appender = await connection.createAppender(table);
    try {
      for (const row of rows) {
        columns.forEach((column, index) => {
          const value = row[index];
          if (value === null || value === undefined) appender.appendNull();
          else if (column.type === "VARCHAR") appender.appendVarchar(String(value));
          else if (column.type === "INTEGER") appender.appendInteger(Number(value));
          else if (column.type === "BIGINT") appender.appendBigInt(BigInt(value));
          else if (column.type === "DOUBLE") appender.appendDouble(Number(value));
          else appender.appendDate(dateValue(Number(value)));
        });
        appender.endRow();
      }
    } finally {
      appender.closeSync();
    }
  });
}
