import { DuckDBConnection, DuckDBInstance, type DuckDBPreparedStatement } from "@duckdb/node-api";

/** Values a query may bind; anything else is turned into one of these by the caller. */
export type SqlValue = string | number | boolean | null;
export type SqlRow = Record<string, unknown>;

export interface PooledConnection {
  connection: DuckDBConnection;
  /** Prepared once per SQL text: the text varies only with the shape of a request, never its values. */
  statements: Map<string, DuckDBPreparedStatement>;
}

/** Request shapes vary (groups, orders, number of filter values): keep the recent ones only. */
const MAX_STATEMENTS_PER_CONNECTION = 256;

function evictOldest(statements: Map<string, DuckDBPreparedStatement>): void {
  while (statements.size >= MAX_STATEMENTS_PER_CONNECTION) {
    const [oldest, statement] = statements.entries().next().value as [string, DuckDBPreparedStatement];
    statement.destroySync();
    statements.delete(oldest);
  }
}

/**
 * An in-memory DuckDB database behind a small pool of connections. A DuckDB connection runs
 * one statement at a time, so concurrent HTTP requests each borrow their own connection;
 * DuckDB still spreads each query over every core.
 */
export class Database {
  private readonly idle: PooledConnection[];
  private readonly waiting: ((pooled: PooledConnection) => void)[] = [];
  private closed = false;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly all: PooledConnection[],
  ) {
    this.idle = [...all];
  }

  static async open(connectionCount = 2): Promise<Database> {
    const instance = await DuckDBInstance.create(":memory:");
    const all: PooledConnection[] = [];
    for (let index = 0; index < connectionCount; index++) {
      all.push({ connection: await instance.connect(), statements: new Map() });
    }
    return new Database(instance, all);
  }

  /** Runs one statement with positional parameters `$1`, `$2`, ... and returns its rows as objects. */
  async query(sql: string, values: readonly SqlValue[] = []): Promise<SqlRow[]> {
    return this.withConnection(async (pooled) => {
      let statement = pooled.statements.get(sql);
      if (statement) {
        // Re-inserting keeps the map in least-recently-used order.
        pooled.statements.delete(sql);
      } else {
        statement = await pooled.connection.prepare(sql);
        evictOldest(pooled.statements);
      }
      pooled.statements.set(sql, statement);
      statement.clearBindings();
      values.forEach((value, index) => {
        if (value === null) statement.bindNull(index + 1);
        else if (typeof value === "string") statement.bindVarchar(index + 1, value);
        else if (typeof value === "boolean") statement.bindBoolean(index + 1, value);
        else statement.bindDouble(index + 1, value);
      });
      const reader = await statement.runAndReadAll();
      return reader.getRowObjectsJS() as SqlRow[];
    });
  }

  /** Runs statements without parameters (schema, bulk generation). */
  async execute(sql: string): Promise<void> {
    await this.withConnection((pooled) => pooled.connection.run(sql));
  }

  /** Lends a raw connection, for the appender and for benchmarks that compare with plain SQL. */
  async withConnection<T>(work: (pooled: PooledConnection) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error("the emulator's database is closed");
    const pooled = await this.acquire();
    try {
      return await work(pooled);
    } finally {
      this.release(pooled);
    }
  }

  private async acquire(): Promise<PooledConnection> {
    return this.idle.pop() ?? new Promise<PooledConnection>((resolve) => this.waiting.push(resolve));
  }

  private release(pooled: PooledConnection): void {
    const next = this.waiting.shift();
    if (next) next(pooled);
    else this.idle.push(pooled);
  }

  /** Waits for running queries to finish, then frees the database; later queries are refused. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (let index = 0; index < this.all.length; index++) {
      const pooled = await this.acquire();
      for (const statement of pooled.statements.values()) statement.destroySync();
      pooled.statements.clear();
      pooled.connection.closeSync();
    }
    this.instance.closeSync();
  }
}
