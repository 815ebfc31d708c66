/** @internal One connection (or a transaction on it): parameterized queries and multi-statement scripts. */
export interface SqlClient {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  exec(sql: string): Promise<void>;
}

/**
 * @internal What the SQL store needs of a database: transactions on one connection, reads, and a
 * connection held for the length of a run (session-level advisory locks). PGlite and `pg` implement it.
 */
export interface SqlDriver {
  readonly kind: string;
  /**
   * True when a transaction holds only its own connection (Postgres), so one may stay open across a
   * network call without blocking the rest; false for a single-connection database (PGlite).
   */
  readonly ownConnectionPerTransaction: boolean;
  /** Runs `fn` between BEGIN and COMMIT on one connection; ROLLBACK on a throw. */
  transaction<T>(fn: (client: SqlClient) => Promise<T>): Promise<T>;
  /** A read outside any transaction. */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  /** Runs `fn` while holding the named run lock across processes, or in-process for a single-process database. */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
