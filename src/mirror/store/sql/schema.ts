/**
 * One step of a schema version: a table, columns added to one, or a statement both engines run as it is
 * (indexes, updates; `now()` is the running transaction's start in both). A column is `name type` and
 * modifiers: `key` (primary key), `null` (nullable; other columns are NOT NULL), `bytes` (text compared byte by byte), and last `default 0` or `default now`. Types: text, json, bigint, integer, boolean, time, serial.
 */
type Step = string | { table: string; columns: string; ifNotExists?: true } | { alter: string; add: string };

interface SchemaVersion {
  readonly version: number;
  readonly name: string;
  readonly steps: readonly Step[];
}

/**
 * The mirror's schema, once for every engine: {@link migrationsFor} spells it in Postgres (server and
 * PGlite) and SQLite. Add new versions at the end; never edit one that has shipped (a database keeps
 * what it was created with). Tables and columns are documented in docs/mirror.md.
 */
export const SCHEMA: readonly SchemaVersion[] = [
  {
    version: 1,
    name: 'catalog, stock, change log, state, consumers, refresh queue, outbox',
    steps: [
      {
        table: 'pc_mirror_produtos',
        columns: 'sku text key, produto json, atualizado_em text, atualizado_ms bigint, ativo boolean, seen_generation bigint default 0, nao_visto_desde text null, position bigint',
      },
      'CREATE INDEX pc_mirror_produtos_position ON pc_mirror_produtos (position);',
      'CREATE INDEX pc_mirror_produtos_seen ON pc_mirror_produtos (seen_generation);',
      { table: 'pc_mirror_estoque', columns: 'sku_variacao text key, sku text, numeracao text, estoque integer' },
      'CREATE INDEX pc_mirror_estoque_sku ON pc_mirror_estoque (sku);',
      {
        table: 'pc_mirror_changes',
        columns: 'position serial key, sku text, kind text, fields json, before_state json null, after_state json null, origin text, evento text null, recorded_at time default now',
      },
      'CREATE INDEX pc_mirror_changes_sku ON pc_mirror_changes (sku, position);',
      { table: 'pc_mirror_state', columns: 'key text key, value json' },
      { table: 'pc_mirror_consumers', columns: 'name text key, position bigint' },
      { table: 'pc_mirror_refresh', columns: 'sku text key, queued_at time default now' },
      {
        table: 'pc_mirror_outbox',
        columns: 'key text key, operation text, body json, status text, response json null, error json null, attempts integer default 0, created_at time default now',
      },
      "CREATE INDEX pc_mirror_outbox_pending ON pc_mirror_outbox (created_at) WHERE status = 'pending';",
    ],
  },
  {
    version: 2,
    name: 'retention: when outbox rows settled, indexes for pruning',
    steps: [
      { alter: 'pc_mirror_outbox', add: 'settled_at time null' },
      // Rows settled before this version count from now: none is pruned before a whole window has passed.
      "UPDATE pc_mirror_outbox SET settled_at = now() WHERE status <> 'pending';",
      "CREATE INDEX pc_mirror_outbox_settled ON pc_mirror_outbox (settled_at) WHERE status <> 'pending';",
      'CREATE INDEX pc_mirror_changes_recorded ON pc_mirror_changes (recorded_at);',
    ],
  },
  {
    version: 3,
    name: 'webhook dead letters',
    steps: [
      // Ids listed in byte order, as Redis and the memory store list them, whatever the database's collation.
      {
        table: 'pc_mirror_dead_letters',
        columns: 'id text bytes key, evento text, item text null, body text, error_name text, error_message text, attempts integer, first_failed_ms bigint, last_failed_ms bigint',
      },
      'CREATE INDEX pc_mirror_dead_letters_last ON pc_mirror_dead_letters (last_failed_ms, id);',
    ],
  },
];

/** The table recording which versions a database has, created before any of them. */
export const MIGRATIONS_TABLE: Step = { table: 'pc_mirror_migrations', ifNotExists: true, columns: 'version integer key, name text, applied_at time default now' };

/** A versioned schema change as one engine runs it, in the one transaction that applies pending versions. */
export interface Migration {
  /** Its place in the order (1, 2, …), recorded in `pc_mirror_migrations` once applied. */
  readonly version: number;
  /** What it changes, in a few words. */
  readonly name: string;
  /** The statements. */
  readonly sql: string;
}

/** The SQL engines the schema is spelt for: Postgres (a server, or PGlite) and SQLite. */
export type Engine = 'postgres' | 'sqlite';

/** The function SQLite's time defaults call: the running transaction's start (see sqlite-store.ts). */
export const NOW_FUNCTION = 'pc_mirror_now';

/** The running transaction's start, as each engine's SQL calls it (SQLite's is the store's function). */
const NOW = { postgres: 'now()', sqlite: `${NOW_FUNCTION}()` };
/** Postgres' names of the types it does not spell as the schema names them. */
const POSTGRES_TYPES: Record<string, string> = { json: 'jsonb', time: 'timestamptz', serial: 'bigserial' };

/**
 * A column in an engine's SQL. SQLite has no jsonb, boolean nor timestamptz: JSON is text, bigint and
 * boolean are INTEGER (64 bits; 1 for true), a time is ISO 8601 text (which sorts as time), and the change
 * log's sequence is an AUTOINCREMENT key, whose counter never goes back after a delete. SQLite's text
 * compares byte by byte already (BINARY), so `bytes` adds nothing there.
 */
function column(engine: Engine, spec: string): string {
  const [name, type, ...mods] = spec.split(' ') as [string, string, ...string[]];
  const sqlite = engine === 'sqlite';
  const spelt = sqlite ? (/text|json|time/.test(type) ? 'TEXT' : 'INTEGER') : `${POSTGRES_TYPES[type] ?? type}${mods.includes('bytes') ? ' COLLATE "C"' : ''}`;
  const key = mods.includes('key') ? ` PRIMARY KEY${sqlite && type === 'serial' ? ' AUTOINCREMENT' : ''}` : '';
  const fallback = mods.at(-2) === 'default' ? ` DEFAULT ${mods.at(-1) === 'now' ? (sqlite ? `(${NOW.sqlite})` : NOW.postgres) : mods.at(-1)}` : '';
  return `${name} ${spelt}${key}${key || mods.includes('null') ? '' : ' NOT NULL'}${fallback}`;
}

/** One step in an engine's SQL. */
export function stepSql(engine: Engine, step: Step): string {
  if (typeof step === 'string') return step.replaceAll('now()', NOW[engine]);
  if ('alter' in step) return `ALTER TABLE ${step.alter} ADD COLUMN ${column(engine, step.add)};`;
  return `CREATE TABLE ${step.ifNotExists ? 'IF NOT EXISTS ' : ''}${step.table} (\n  ${step.columns
    .split(', ')
    .map((c) => column(engine, c))
    .join(',\n  ')}\n);`;
}

/** {@link SCHEMA} in one engine's SQL. */
export function migrationsFor(engine: Engine): readonly Migration[] {
  return SCHEMA.map(({ version, name, steps }) => ({ version, name, sql: steps.map((step) => stepSql(engine, step)).join('\n') }));
}
