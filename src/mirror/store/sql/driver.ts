import type { Engine } from './schema.js';

/** @internal One connection (or a transaction on it): parameterized queries and multi-statement scripts. */
export interface SqlClient {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
  exec(sql: string): Promise<void>;
}

/** @internal A column of a JSON record set: its name and its type in the schema. */
export type RecordColumn = readonly [name: string, type: 'text' | 'bigint' | 'integer' | 'boolean' | 'jsonb'];

/**
 * @internal Where the store's SQL differs between engines: Postgres (PGlite and `pg`) and SQLite. The
 * statements themselves stay one set in sql-store.ts; only these pieces are spelt per engine. Lists
 * and record batches travel as one JSON parameter, which both engines can unpack.
 */
export interface SqlDialect {
  /** Serializes the writers of every process for the transaction's length (none where BEGIN already does). */
  lockWrites(client: SqlClient): Promise<void>;
  /** Serializes migrations across processes (none where BEGIN already does). */
  lockMigrations(client: SqlClient): Promise<void>;
  /** The engine the schema (schema.ts) is spelt for. */
  readonly engine: Engine;
  /** `column <anyOf(p)>`: the column is one of the text list parameter `p`. */
  anyOf(param: string): string;
  /** A SELECT of the rows of the text list parameter `p` (one column), ready to precede ON CONFLICT. */
  listRows(param: string): string;
  /** A FROM item named `x` of the records of the JSON array parameter `p`. */
  records(param: string, columns: readonly RecordColumn[]): string;
  /** The JSON text parameter `p` as a JSON column value. */
  json(param: string): string;
  /** The running transaction's start time, as the schema's time defaults spell it. */
  readonly now: string;
  /** Row locks of a read in a write transaction (a single-writer engine needs none). */
  readonly forUpdate: string;
  /** Row locks that skip rows another transaction holds. */
  readonly forUpdateSkipLocked: string;
  /**
   * Draws `count` new change-log positions, increasing, never handed out before, even by a transaction
   * that rolled back (a reader may have learnt of none, but a caller of appendChanges did).
   */
  drawPositions(client: SqlClient, count: number): Promise<number[]>;
}

/**
 * @internal What the SQL store needs of a database: transactions on one connection, reads, and a
 * connection held for the length of a run (session-level advisory locks). PGlite, `pg` and `node:sqlite` implement it.
 */
export interface SqlDriver {
  readonly kind: string;
  /** How this engine spells the statements that differ. */
  readonly dialect: SqlDialect;
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
