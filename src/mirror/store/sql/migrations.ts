/** A versioned schema change, applied once, in order, when a store opens. */
export interface Migration {
  /** Its place in the order (1, 2, …), recorded in `pc_mirror_migrations` once applied. */
  readonly version: number;
  /** What it changes, in a few words. */
  readonly name: string;
  /** The statements, run in the one transaction that applies pending migrations. */
  readonly sql: string;
}

/**
 * The mirror's schema, the same for the embedded database (PGlite) and Postgres. Add new versions at
 * the end; never edit one that has shipped. Tables and columns are documented in docs/mirror.md.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'catalog, stock, change log, state, consumers, refresh queue, outbox',
    sql: `
CREATE TABLE pc_mirror_produtos (
  sku text PRIMARY KEY,
  produto jsonb NOT NULL,
  atualizado_em text NOT NULL,
  atualizado_ms bigint NOT NULL,
  ativo boolean NOT NULL,
  seen_generation bigint NOT NULL DEFAULT 0,
  nao_visto_desde text,
  position bigint NOT NULL
);
CREATE INDEX pc_mirror_produtos_position ON pc_mirror_produtos (position);
CREATE INDEX pc_mirror_produtos_seen ON pc_mirror_produtos (seen_generation);
CREATE TABLE pc_mirror_estoque (
  sku_variacao text PRIMARY KEY,
  sku text NOT NULL,
  numeracao text NOT NULL,
  estoque integer NOT NULL
);
CREATE INDEX pc_mirror_estoque_sku ON pc_mirror_estoque (sku);
CREATE TABLE pc_mirror_changes (
  position bigserial PRIMARY KEY,
  sku text NOT NULL,
  kind text NOT NULL,
  fields jsonb NOT NULL,
  before_state jsonb,
  after_state jsonb,
  origin text NOT NULL,
  evento text,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pc_mirror_changes_sku ON pc_mirror_changes (sku, position);
CREATE TABLE pc_mirror_state (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);
CREATE TABLE pc_mirror_consumers (
  name text PRIMARY KEY,
  position bigint NOT NULL
);
CREATE TABLE pc_mirror_refresh (
  sku text PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE pc_mirror_outbox (
  key text PRIMARY KEY,
  operation text NOT NULL,
  body jsonb NOT NULL,
  status text NOT NULL,
  response jsonb,
  error jsonb,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pc_mirror_outbox_pending ON pc_mirror_outbox (created_at) WHERE status = 'pending';
`,
  },
  {
    version: 2,
    name: 'retention: when outbox rows settled, indexes for pruning',
    // Rows settled before this version count from now: none is pruned before a whole window has passed.
    sql: `
ALTER TABLE pc_mirror_outbox ADD COLUMN settled_at timestamptz;
UPDATE pc_mirror_outbox SET settled_at = now() WHERE status <> 'pending';
CREATE INDEX pc_mirror_outbox_settled ON pc_mirror_outbox (settled_at) WHERE status <> 'pending';
CREATE INDEX pc_mirror_changes_recorded ON pc_mirror_changes (recorded_at);
`,
  },
  {
    version: 3,
    name: 'webhook dead letters',
    // Ids in byte order (COLLATE "C"), as SQLite and Redis list them, whatever the database's collation.
    sql: `
CREATE TABLE pc_mirror_dead_letters (
  id text COLLATE "C" PRIMARY KEY,
  evento text NOT NULL,
  item text,
  body text NOT NULL,
  error_name text NOT NULL,
  error_message text NOT NULL,
  attempts integer NOT NULL,
  first_failed_ms bigint NOT NULL,
  last_failed_ms bigint NOT NULL
);
CREATE INDEX pc_mirror_dead_letters_last ON pc_mirror_dead_letters (last_failed_ms, id);
`,
  },
];

/** Advisory lock class of the mirror (two-key form: class, id). */
export const LOCK_CLASS = 0x5043; // "PC"
/** Lock id serializing migrations. */
export const LOCK_MIGRATIONS = 0;
/** Lock id serializing every write transaction (so change-log positions commit in order). */
export const LOCK_WRITES = 1;
/** Advisory lock class of run locks (one backfill, one follow at a time), keyed by `hashtext(name)`. */
export const LOCK_CLASS_RUNS = 0x5044;
