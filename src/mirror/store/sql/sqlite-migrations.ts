import type { Migration } from './migrations.js';

/**
 * The mirror's schema in SQLite: the same versions, tables, columns and indexes as MIGRATIONS
 * (migrations.ts), in SQLite's types. jsonb is JSON text, bigint and boolean are INTEGER (64 bits; 1 for
 * true), timestamptz is ISO 8601 text (which sorts as time) defaulting to the transaction's start, and
 * the change log's bigserial is an AUTOINCREMENT key, whose counter never goes back after a delete.
 * Add new versions at the end, with the same number as their Postgres twin; never edit one that has shipped.
 */
export const SQLITE_MIGRATIONS: readonly Migration[] = [
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
