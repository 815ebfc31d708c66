/**
 * A column's type and modifiers: `key` (primary key), `null` (nullable; other columns are NOT NULL),
 * `default 0` or `default now` (the running transaction's start), `bytes` (text compared byte by byte).
 */
type ColumnSpec = `${'text' | 'json' | 'bigint' | 'integer' | 'boolean' | 'time' | 'serial'}${string}`;

/** One step of a schema version. */
type Step =
  | { table: string; columns: Record<string, ColumnSpec>; ifNotExists?: true }
  | { index: string; on: string; columns: string; where?: string }
  | { alter: string; add: Record<string, ColumnSpec> }
  /** Sets `column` to the transaction's start on the rows matching `where`. */
  | { update: string; stamp: string; where: string };

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
        columns: {
          sku: 'text key',
          produto: 'json',
          atualizado_em: 'text',
          atualizado_ms: 'bigint',
          ativo: 'boolean',
          seen_generation: 'bigint default 0',
          nao_visto_desde: 'text null',
          position: 'bigint',
        },
      },
      { index: 'pc_mirror_produtos_position', on: 'pc_mirror_produtos', columns: 'position' },
      { index: 'pc_mirror_produtos_seen', on: 'pc_mirror_produtos', columns: 'seen_generation' },
      { table: 'pc_mirror_estoque', columns: { sku_variacao: 'text key', sku: 'text', numeracao: 'text', estoque: 'integer' } },
      { index: 'pc_mirror_estoque_sku', on: 'pc_mirror_estoque', columns: 'sku' },
      {
        table: 'pc_mirror_changes',
        columns: {
          position: 'serial key',
          sku: 'text',
          kind: 'text',
          fields: 'json',
          before_state: 'json null',
          after_state: 'json null',
          origin: 'text',
          evento: 'text null',
          recorded_at: 'time default now',
        },
      },
      { index: 'pc_mirror_changes_sku', on: 'pc_mirror_changes', columns: 'sku, position' },
      { table: 'pc_mirror_state', columns: { key: 'text key', value: 'json' } },
      { table: 'pc_mirror_consumers', columns: { name: 'text key', position: 'bigint' } },
      { table: 'pc_mirror_refresh', columns: { sku: 'text key', queued_at: 'time default now' } },
      {
        table: 'pc_mirror_outbox',
        columns: {
          key: 'text key',
          operation: 'text',
          body: 'json',
          status: 'text',
          response: 'json null',
          error: 'json null',
          attempts: 'integer default 0',
          created_at: 'time default now',
        },
      },
      { index: 'pc_mirror_outbox_pending', on: 'pc_mirror_outbox', columns: 'created_at', where: "status = 'pending'" },
    ],
  },
  {
    version: 2,
    name: 'retention: when outbox rows settled, indexes for pruning',
    steps: [
      { alter: 'pc_mirror_outbox', add: { settled_at: 'time null' } },
      // Rows settled before this version count from now: none is pruned before a whole window has passed.
      { update: 'pc_mirror_outbox', stamp: 'settled_at', where: "status <> 'pending'" },
      { index: 'pc_mirror_outbox_settled', on: 'pc_mirror_outbox', columns: 'settled_at', where: "status <> 'pending'" },
      { index: 'pc_mirror_changes_recorded', on: 'pc_mirror_changes', columns: 'recorded_at' },
    ],
  },
  {
    version: 3,
    name: 'webhook dead letters',
    steps: [
      {
        table: 'pc_mirror_dead_letters',
        columns: {
          // Ids listed in byte order, as Redis and the memory store list them, whatever the database's collation.
          id: 'text bytes key',
          evento: 'text',
          item: 'text null',
          body: 'text',
          error_name: 'text',
          error_message: 'text',
          attempts: 'integer',
          first_failed_ms: 'bigint',
          last_failed_ms: 'bigint',
        },
      },
      { index: 'pc_mirror_dead_letters_last', on: 'pc_mirror_dead_letters', columns: 'last_failed_ms, id' },
    ],
  },
];

/** The table recording which versions a database has, created before any of them. */
export const MIGRATIONS_TABLE: Step = { table: 'pc_mirror_migrations', ifNotExists: true, columns: { version: 'integer key', name: 'text', applied_at: 'time default now' } };

/** A versioned schema change as one engine runs it, in the one transaction that applies pending versions. */
export interface Migration {
  /** Its place in the order (1, 2, …), recorded in `pc_mirror_migrations` once applied. */
  readonly version: number;
  /** What it changes, in a few words. */
  readonly name: string;
  /** The statements. */
  readonly sql: string;
}

export type Engine = 'postgres' | 'sqlite';

/** The function SQLite's time defaults call: the running transaction's start (see sqlite-store.ts). */
export const NOW_FUNCTION = 'pc_mirror_now';

/**
 * How each engine spells a type. SQLite has no jsonb, boolean nor timestamptz: JSON is text, bigint and
 * boolean are INTEGER (64 bits; 1 for true), a time is ISO 8601 text (which sorts as time), and the change
 * log's sequence is an AUTOINCREMENT key, whose counter never goes back after a delete. SQLite's text
 * compares byte by byte already (BINARY), so `bytes` adds nothing there.
 */
const SPELLING = {
  postgres: { text: 'text', json: 'jsonb', bigint: 'bigint', integer: 'integer', boolean: 'boolean', time: 'timestamptz', serial: 'bigserial', now: 'now()', bytes: ' COLLATE "C"' },
  sqlite: { text: 'TEXT', json: 'TEXT', bigint: 'INTEGER', integer: 'INTEGER', boolean: 'INTEGER', time: 'TEXT', serial: 'INTEGER', now: `${NOW_FUNCTION}()`, bytes: '' },
} as const;

function column(engine: Engine, name: string, spec: ColumnSpec): string {
  const s = SPELLING[engine];
  const [type, ...mods] = spec.split(' ') as [keyof typeof s, ...string[]];
  const at = mods.indexOf('default');
  const fallback = at < 0 ? undefined : mods[at + 1] === 'now' ? (engine === 'sqlite' ? `(${s.now})` : s.now) : mods[at + 1];
  const key = mods.includes('key') ? (type === 'serial' && engine === 'sqlite' ? ' PRIMARY KEY AUTOINCREMENT' : ' PRIMARY KEY') : '';
  const notNull = key || mods.includes('null') ? '' : ' NOT NULL';
  return `${name} ${s[type]}${mods.includes('bytes') ? s.bytes : ''}${key}${notNull}${fallback === undefined ? '' : ` DEFAULT ${fallback}`}`;
}

/** One step in an engine's SQL. */
export function stepSql(engine: Engine, step: Step): string {
  if ('table' in step) {
    const columns = Object.entries(step.columns).map(([name, spec]) => column(engine, name, spec));
    return `CREATE TABLE ${step.ifNotExists ? 'IF NOT EXISTS ' : ''}${step.table} (\n  ${columns.join(',\n  ')}\n);`;
  }
  if ('index' in step) return `CREATE INDEX ${step.index} ON ${step.on} (${step.columns})${step.where ? ` WHERE ${step.where}` : ''};`;
  if ('alter' in step) return Object.entries(step.add).map(([name, spec]) => `ALTER TABLE ${step.alter} ADD COLUMN ${column(engine, name, spec)};`).join('\n');
  return `UPDATE ${step.update} SET ${step.stamp} = ${SPELLING[engine].now} WHERE ${step.where};`;
}

/** {@link SCHEMA} in one engine's SQL. */
export function migrationsFor(engine: Engine): readonly Migration[] {
  return SCHEMA.map(({ version, name, steps }) => ({ version, name, sql: steps.map((step) => stepSql(engine, step)).join('\n') }));
}
