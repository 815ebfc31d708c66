/**
 * The mirror's schema is described once (src/mirror/store/sql/schema.ts) and spelt per engine. Databases
 * in the field were created by the DDL written by hand for each engine (hand-written-ddl.ts): the
 * derived statements must be the same statements, and a database at any version that DDL leaves must
 * open and migrate to the very schema a new database gets, on Postgres, PGlite and SQLite.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteStore, createPostgresStore, createSqliteStore, type MirrorStore } from '../../src/mirror/index.js';
import { MIGRATIONS_TABLE, SCHEMA, migrationsFor, stepSql, type Engine } from '../../src/mirror/store/sql/schema.js';
import { POSTGRES_DDL, POSTGRES_MIGRATIONS_TABLE, SQLITE_DDL, SQLITE_MIGRATIONS_TABLE, type HandWrittenMigration } from './hand-written-ddl.js';
import { freshPglite } from './pglite-template.js';
import { postgresUnavailable, startPostgres, type PostgresServer } from './postgres-server.js';
import { sqliteUnavailable } from './sqlite-available.js';

const words = (sql: string): string => sql.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim().replace(/;$/, '');
const HAND_WRITTEN: Record<Engine, { ddl: readonly HandWrittenMigration[]; table: string }> = {
  postgres: { ddl: POSTGRES_DDL, table: POSTGRES_MIGRATIONS_TABLE },
  sqlite: { ddl: SQLITE_DDL, table: SQLITE_MIGRATIONS_TABLE },
};

describe('the schema described once', () => {
  for (const engine of ['postgres', 'sqlite'] as const) {
    it(`spells, for ${engine}, the statements written by hand for every version and the migrations table`, () => {
      const { ddl, table } = HAND_WRITTEN[engine];
      expect(migrationsFor(engine).map((m) => ({ ...m, sql: words(m.sql) }))).toEqual(ddl.map((m) => ({ ...m, sql: words(m.sql) })));
      expect(words(stepSql(engine, MIGRATIONS_TABLE))).toBe(words(table));
    });
  }

  it('numbers its versions 1, 2, … with no gap', () => {
    expect(SCHEMA.map((v) => v.version)).toEqual(SCHEMA.map((_, i) => i + 1));
  });
});

/** A database of one engine, emptied between cases, and what its catalog says of the mirror's tables. */
interface Database {
  engine: Engine;
  skip: string | undefined;
  setup(): Promise<void>;
  teardown(): Promise<void>;
  /** Drops every table of the mirror. */
  empty(): Promise<void>;
  exec(sql: string, params?: unknown[]): Promise<void>;
  store(): MirrorStore;
  /** Tables, columns, types, nullability, defaults, collations, keys, indexes and the versions recorded. */
  shape(): Promise<unknown>;
}

const TABLES = ['produtos', 'estoque', 'changes', 'state', 'consumers', 'refresh', 'outbox', 'dead_letters', 'migrations'].map((t) => `pc_mirror_${t}`);
const POSTGRES_SHAPE = [
  `SELECT table_name, column_name, ordinal_position, data_type, is_nullable, column_default, collation_name FROM information_schema.columns
   WHERE table_schema = current_schema() AND table_name LIKE 'pc_mirror%' ORDER BY table_name, ordinal_position`,
  "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename LIKE 'pc_mirror%' ORDER BY indexname",
  "SELECT conrelid::regclass::text AS t, conname, contype, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid::regclass::text LIKE 'pc_mirror%' ORDER BY conname",
  "SELECT sequence_name, data_type, start_value, increment FROM information_schema.sequences WHERE sequence_name LIKE 'pc_mirror%' ORDER BY sequence_name",
  'SELECT version, name FROM pc_mirror_migrations ORDER BY version',
];

function postgresLike(engine: 'pglite' | 'postgres'): Database & { name: string } {
  let lite: PGlite | undefined;
  let server: PostgresServer | undefined;
  let pool: pg.Pool | undefined;
  const query = async (sql: string, params?: unknown[]) => (engine === 'pglite' ? (await lite!.query(sql, params)).rows : (await pool!.query(sql, params)).rows);
  return {
    name: engine,
    engine: 'postgres',
    skip: engine === 'postgres' ? postgresUnavailable() : undefined,
    setup: async () => {
      if (engine === 'pglite') lite = await freshPglite();
      else {
        server = await startPostgres();
        pool = new pg.Pool({ connectionString: server.url, max: 2 });
      }
    },
    teardown: async () => {
      await lite?.close();
      await pool?.end();
      await server?.stop();
    },
    empty: async () => void (await query(`DROP TABLE IF EXISTS ${TABLES.join(', ')} CASCADE`)),
    exec: async (sql, params) => {
      if (engine === 'pglite' && !params) await lite!.exec(sql);
      else await query(sql, params);
    },
    store: () => (engine === 'pglite' ? createPgliteStore({ db: lite }) : createPostgresStore({ pool })),
    shape: async () => Promise.all(POSTGRES_SHAPE.map((sql) => query(sql))),
  };
}

function sqlite(): Database & { name: string } {
  type Db = { exec(sql: string): void; prepare(sql: string): { all(...p: unknown[]): unknown[] }; function(name: string, fn: () => string): void; close(): void };
  let db: Db | undefined;
  const open = () => {
    const { DatabaseSync } = process.getBuiltinModule('node:sqlite') as { DatabaseSync: new (path: string) => Db };
    db = new DatabaseSync(':memory:');
    db.function('pc_mirror_now', () => new Date().toISOString());
  };
  return {
    name: 'sqlite',
    engine: 'sqlite',
    skip: sqliteUnavailable(),
    setup: async () => open(),
    teardown: async () => db?.close(),
    // A new database: SQLite keeps AUTOINCREMENT counters in sqlite_sequence, which a drop leaves.
    empty: async () => {
      db?.close();
      open();
    },
    exec: async (sql, params) => {
      if (params) db!.prepare(sql.replace(/\$(\d+)/g, '?$1')).all(...params);
      else db!.exec(sql);
    },
    store: () => createSqliteStore({ db: db! }),
    shape: async () => [
      db!
        .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name LIKE 'pc_mirror%' OR name = 'sqlite_sequence' ORDER BY name")
        .all()
        .map((r) => {
          const row = r as { sql: string | null };
          return { ...row, sql: row.sql === null ? null : words(row.sql) };
        }),
      db!.prepare("SELECT m.name AS t, p.* FROM sqlite_master m, pragma_table_xinfo(m.name) p WHERE m.type = 'table' AND m.name LIKE 'pc_mirror%' ORDER BY m.name, p.cid").all(),
      db!.prepare("SELECT m.name AS t, l.* FROM sqlite_master m, pragma_index_list(m.name) l WHERE m.type = 'table' AND m.name LIKE 'pc_mirror%' ORDER BY m.name, l.name").all(),
      db!.prepare('SELECT version, name FROM pc_mirror_migrations ORDER BY version').all(),
    ],
  };
}

/** Brings an empty database to `version` as the hand-written DDL did: its statements, then its record. */
async function handWrittenUpTo(db: Database, version: number): Promise<void> {
  const { ddl, table } = HAND_WRITTEN[db.engine];
  await db.exec(table);
  for (const m of ddl.filter((m) => m.version <= version)) {
    await db.exec(m.sql);
    await db.exec('INSERT INTO pc_mirror_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
  }
}

const produto = { sku: 'A', titulo: 'Tênis', ativo: true, atualizadoEm: '2026-11-01T12:00:00.000Z', numeracoes: [{ numeracao: '40', skuVariacao: 'A-40', estoque: 3 }] };

for (const db of [postgresLike('pglite'), postgresLike('postgres'), sqlite()]) {
  describe.skipIf(db.skip)(`a ${db.name} database created by the hand-written DDL`, () => {
    let latest: unknown;
    beforeAll(async () => {
      await db.setup();
      await db.empty();
      await handWrittenUpTo(db, SCHEMA.length);
      latest = await db.shape();
    });
    afterAll(() => db.teardown());

    for (let version = 0; version <= SCHEMA.length; version++) {
      it(`at version ${version} opens, migrates to the schema a new database gets, and keeps what it held`, async () => {
        await db.empty();
        await handWrittenUpTo(db, version);
        if (version >= 1) {
          // Settled: stamped by the second version's migration, or by the SQL of its time from then on.
          const settled = version >= 2 ? ['settled_at, ', "'2026-11-01T12:00:00.000Z', "] : ['', ''];
          await db.exec(`INSERT INTO pc_mirror_outbox (key, operation, body, status, response, ${settled[0]}attempts) VALUES ('old', 'pedidos.criar', '{"a":1}', 'done', '{"id":1}', ${settled[1]}1)`);
        }
        const store = db.store();
        await store.open();
        expect(await db.shape()).toEqual(latest);
        if (version >= 1) expect(await store.transaction((tx) => tx.outboxRow('old'))).toMatchObject({ status: 'done', body: { a: 1 }, response: { id: 1 } });
        const position = await store.transaction(async (tx) => {
          await tx.putProdutos([{ produto, atualizadoMs: Date.parse(produto.atualizadoEm), seenGeneration: 1, naoVistoDesde: null, position: 1 }]);
          const [p] = await tx.appendChanges([{ sku: 'A', kind: 'criado', fields: [], before: null, after: produto, origin: 'backfill', evento: null }]);
          await tx.outboxInsert({ key: 'new', operation: 'pedidos.criar', body: {} });
          await tx.outboxUpdate('new', { status: 'failed', error: { status: 422 }, attempts: 1 });
          return p!;
        });
        await store.deadLetterTable.record({ id: 'evt-1', evento: 'produto.atualizado', body: '{}', error: { name: 'Error', message: 'boom' }, failedAt: 1 }, 10, 0);
        expect((await store.changes(0, 10)).map((c) => c.position)).toEqual([position]);
        expect(await store.variacao('A-40')).toEqual({ sku: 'A', numeracao: '40', estoque: 3 });
        expect((await store.deadLetterTable.list(undefined, 10)).map((l) => l.id)).toEqual(['evt-1']);
        expect(await store.transaction((tx) => tx.pruneOutbox(new Date(Date.now() + 60_000).toISOString(), 10))).toBe(version >= 1 ? 2 : 1);
        await store.close();
      });
    }
  });
}
