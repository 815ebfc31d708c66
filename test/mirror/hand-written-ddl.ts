/**
 * The DDL databases in the field were created with, one hand-written copy per engine. Frozen, never
 * edited: schema.test.ts proves the DDL spelt from src/mirror/store/sql/schema.ts equivalent to it on
 * every engine.
 */
export interface HandWrittenMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const POSTGRES_DDL: readonly HandWrittenMigration[] = [
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

export const POSTGRES_MIGRATIONS_TABLE = 'CREATE TABLE IF NOT EXISTS pc_mirror_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())';

export const SQLITE_DDL: readonly HandWrittenMigration[] = [
  {
    version: 1,
    name: 'catalog, stock, change log, state, consumers, refresh queue, outbox',
    sql: `
CREATE TABLE pc_mirror_produtos (
  sku TEXT PRIMARY KEY,
  produto TEXT NOT NULL,
  atualizado_em TEXT NOT NULL,
  atualizado_ms INTEGER NOT NULL,
  ativo INTEGER NOT NULL,
  seen_generation INTEGER NOT NULL DEFAULT 0,
  nao_visto_desde TEXT,
  position INTEGER NOT NULL
);
CREATE INDEX pc_mirror_produtos_position ON pc_mirror_produtos (position);
CREATE INDEX pc_mirror_produtos_seen ON pc_mirror_produtos (seen_generation);
CREATE TABLE pc_mirror_estoque (
  sku_variacao TEXT PRIMARY KEY,
  sku TEXT NOT NULL,
  numeracao TEXT NOT NULL,
  estoque INTEGER NOT NULL
);
CREATE INDEX pc_mirror_estoque_sku ON pc_mirror_estoque (sku);
CREATE TABLE pc_mirror_changes (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  sku TEXT NOT NULL,
  kind TEXT NOT NULL,
  fields TEXT NOT NULL,
  before_state TEXT,
  after_state TEXT,
  origin TEXT NOT NULL,
  evento TEXT,
  recorded_at TEXT NOT NULL DEFAULT (pc_mirror_now())
);
CREATE INDEX pc_mirror_changes_sku ON pc_mirror_changes (sku, position);
CREATE TABLE pc_mirror_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE pc_mirror_consumers (
  name TEXT PRIMARY KEY,
  position INTEGER NOT NULL
);
CREATE TABLE pc_mirror_refresh (
  sku TEXT PRIMARY KEY,
  queued_at TEXT NOT NULL DEFAULT (pc_mirror_now())
);
CREATE TABLE pc_mirror_outbox (
  key TEXT PRIMARY KEY,
  operation TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL,
  response TEXT,
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (pc_mirror_now())
);
CREATE INDEX pc_mirror_outbox_pending ON pc_mirror_outbox (created_at) WHERE status = 'pending';
`,
  },
  {
    version: 2,
    name: 'retention: when outbox rows settled, indexes for pruning',
    // Rows settled before this version count from now: none is pruned before a whole window has passed.
    sql: `
ALTER TABLE pc_mirror_outbox ADD COLUMN settled_at TEXT;
UPDATE pc_mirror_outbox SET settled_at = pc_mirror_now() WHERE status <> 'pending';
CREATE INDEX pc_mirror_outbox_settled ON pc_mirror_outbox (settled_at) WHERE status <> 'pending';
CREATE INDEX pc_mirror_changes_recorded ON pc_mirror_changes (recorded_at);
`,
  },
  {
    version: 3,
    name: 'webhook dead letters',
    sql: `
CREATE TABLE pc_mirror_dead_letters (
  id TEXT PRIMARY KEY,
  evento TEXT NOT NULL,
  item TEXT,
  body TEXT NOT NULL,
  error_name TEXT NOT NULL,
  error_message TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  first_failed_ms INTEGER NOT NULL,
  last_failed_ms INTEGER NOT NULL
);
CREATE INDEX pc_mirror_dead_letters_last ON pc_mirror_dead_letters (last_failed_ms, id);
`,
  },
];

export const SQLITE_MIGRATIONS_TABLE = 'CREATE TABLE IF NOT EXISTS pc_mirror_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT (pc_mirror_now()))';
