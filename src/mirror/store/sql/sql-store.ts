import type { ProdutoWire } from '../../apply/canonical.js';
import { numeracoesOf } from '../numeracoes.js';
import { changeFor, inProcessOutboxClaim } from '../outbox-claim.js';
import type { Change, MirrorCounts, MirrorStore, MirrorTx, OutboxRow, StoredProduto } from '../types.js';
import { COMPACTED_THROUGH_KEY } from '../retention-keys.js';
import { sqlDeadLetterTable } from './dead-letter-sql.js';
import type { RecordColumn, SqlClient, SqlDialect, SqlDriver } from './driver.js';
import { MIGRATIONS_TABLE, migrationsFor, stepSql } from './schema.js';

const PRODUCT_COLUMNS = 'produto, atualizado_ms, seen_generation, nao_visto_desde, position';
const CHANGE_COLUMNS = 'position, sku, kind, fields, before_state, after_state, origin, evento, recorded_at';
/** The largest bigint a JS number carries exactly: "no upper bound" for time filters. */
const NO_BOUND = Number.MAX_SAFE_INTEGER;

interface ProductRow {
  produto: unknown;
  atualizado_ms: unknown;
  seen_generation: unknown;
  nao_visto_desde: string | null;
  position: unknown;
}

interface ChangeRow {
  position: unknown;
  sku: string;
  kind: Change['kind'];
  fields: unknown;
  before_state: unknown;
  after_state: unknown;
  origin: Change['origin'];
  evento: string | null;
  recorded_at: unknown;
}

interface OutboxDbRow {
  key: string;
  operation: string;
  body: unknown;
  status: OutboxRow['status'];
  response: unknown;
  error: unknown;
  attempts: unknown;
  created_at: unknown;
}

// Drivers differ in how they hand back jsonb (object or text) and bigint (string, bigint or number).
const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
/**
 * A column that may hold any JSON value (state, outbox body, answer and error) is read as text: parsed
 * by the driver, a jsonb string comes back as a JS string that {@link json} cannot tell from jsonb text.
 */
// eslint-disable-next-line @typescript-eslint/no-base-to-string -- a driver hands the column back as text; String() only types it
const anyJson = <T>(text: unknown): T => (text === null || text === undefined ? (null as T) : (JSON.parse(String(text)) as T));
const OUTBOX_COLUMNS = 'key, operation, CAST(body AS text) AS body, status, CAST(response AS text) AS response, CAST(error AS text) AS error, attempts, created_at';
const num = (value: unknown): number => Number(value);
const PRODUCT_RECORD: readonly RecordColumn[] = [
  ['sku', 'text'],
  ['produto', 'jsonb'],
  ['atualizado_em', 'text'],
  ['atualizado_ms', 'bigint'],
  ['ativo', 'boolean'],
  ['seen_generation', 'bigint'],
  ['nao_visto_desde', 'text'],
  ['position', 'bigint'],
];
const SIZE_RECORD: readonly RecordColumn[] = [
  ['skuVariacao', 'text'],
  ['sku', 'text'],
  ['numeracao', 'text'],
  ['estoque', 'integer'],
];
const CHANGE_RECORD: readonly RecordColumn[] = [
  ['position', 'bigint'],
  ['sku', 'text'],
  ['kind', 'text'],
  ['fields', 'jsonb'],
  ['before_state', 'jsonb'],
  ['after_state', 'jsonb'],
  ['origin', 'text'],
  ['evento', 'text'],
];
const isoOf = (value: unknown): string => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());

const toProduct = (row: ProductRow): StoredProduto => ({
  produto: json<ProdutoWire>(row.produto),
  atualizadoMs: num(row.atualizado_ms),
  seenGeneration: num(row.seen_generation),
  naoVistoDesde: row.nao_visto_desde,
  position: num(row.position),
});

const toChange = (row: ChangeRow): Change => ({
  position: num(row.position),
  sku: row.sku,
  kind: row.kind,
  fields: json<string[]>(row.fields),
  before: json<ProdutoWire | null>(row.before_state),
  after: json<ProdutoWire | null>(row.after_state),
  origin: row.origin,
  evento: row.evento,
  recordedAt: isoOf(row.recorded_at),
});

const toOutbox = (row: OutboxDbRow): OutboxRow => ({
  key: row.key,
  operation: row.operation,
  body: anyJson(row.body),
  status: row.status,
  response: anyJson(row.response),
  error: anyJson(row.error),
  attempts: num(row.attempts),
  createdAt: isoOf(row.created_at),
});

/**
 * @internal The store over SQL: one schema and one set of statements for PGlite, Postgres and SQLite,
 * where they differ spelt by the driver's dialect (SqlDialect in driver.ts). Every write transaction is the only
 * writer (Postgres: a transaction-level advisory lock for all processes; SQLite: BEGIN IMMEDIATE), so
 * change-log positions become visible in order (a reader never sees position 8 before a still-open 7
 * commits); on Postgres the product rows it changes are also locked (`FOR UPDATE`).
 */
export function createSqlStore(driver: SqlDriver): MirrorStore {
  const d = driver.dialect;
  let opened: Promise<void> | undefined;
  const read = <R>(sql: string, params?: unknown[]) => driver.query<R>(sql, params).then((r) => r.rows);
  // Opened again after a close, the store checks its migrations again (a new in-memory PGlite has none).
  const close = async (): Promise<void> => {
    opened = undefined;
    await driver.close();
  };

  const store: MirrorStore = {
    kind: driver.kind,
    open: () =>
      (opened ??= migrate(driver).catch((err: unknown) => {
        opened = undefined;
        throw err;
      })),
    close: () => close(),
    [Symbol.asyncDispose]: () => close(),
    exclusive: (name, fn) => driver.exclusive(name, fn),
    transaction: (fn) =>
      driver.transaction(async (client) => {
        await d.lockWrites(client);
        return fn(sqlTx(client, d));
      }),
    saveConsumerPosition: async (name, position) => {
      await driver.query('INSERT INTO pc_mirror_consumers (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = excluded.position', [name, position]);
    },
    produto: async (sku) => (await read<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM pc_mirror_produtos WHERE sku = $1`, [sku])).map(toProduct)[0],
    variacao: async (skuVariacao) =>
      (await read<{ sku: string; numeracao: string; estoque: unknown }>('SELECT sku, numeracao, estoque FROM pc_mirror_estoque WHERE sku_variacao = $1', [skuVariacao])).map((r) => ({
        sku: r.sku,
        numeracao: r.numeracao,
        estoque: num(r.estoque),
      }))[0],
    changes: async (after, limit) => (await read<ChangeRow>(`SELECT ${CHANGE_COLUMNS} FROM pc_mirror_changes WHERE position > $1 ORDER BY position LIMIT $2`, [after, limit])).map(toChange),
    changedSince: async (after, limit) => (await read<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM pc_mirror_produtos WHERE position > $1 ORDER BY position LIMIT $2`, [after, limit])).map(toProduct),
    produtos: async (afterSku, limit) =>
      (await read<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM pc_mirror_produtos WHERE CAST($1 AS text) IS NULL OR sku > $1 ORDER BY sku LIMIT $2`, [afterSku, limit])).map(toProduct),
    counts: async (): Promise<MirrorCounts> => {
      const [row] = await read<Record<string, unknown>>(`SELECT
        (SELECT count(*) FROM pc_mirror_produtos) AS produtos,
        (SELECT count(*) FROM pc_mirror_produtos WHERE ativo AND nao_visto_desde IS NULL) AS ativos,
        (SELECT count(*) FROM pc_mirror_produtos WHERE NOT ativo AND nao_visto_desde IS NULL) AS inativos,
        (SELECT count(*) FROM pc_mirror_produtos WHERE nao_visto_desde IS NOT NULL) AS ausentes,
        (SELECT count(*) FROM pc_mirror_estoque) AS variacoes,
        (SELECT count(*) FROM pc_mirror_changes) AS changes,
        (SELECT count(*) FROM pc_mirror_outbox WHERE status = 'pending') AS outbox_pending`);
      return {
        products: num(row!.produtos),
        active: num(row!.ativos),
        inactive: num(row!.inativos),
        missing: num(row!.ausentes),
        variants: num(row!.variacoes),
        changes: num(row!.changes),
        outboxPending: num(row!.outbox_pending),
      };
    },
    lastPosition: async () => num((await read<{ p: unknown }>('SELECT coalesce(max(position), 0) AS p FROM pc_mirror_changes'))[0]!.p),
    state: async <T>(key: string) => (await read<{ value: unknown }>('SELECT CAST(value AS text) AS value FROM pc_mirror_state WHERE key = $1', [key])).map((r) => anyJson<T>(r.value))[0],
    compactedThrough: async () => num((await read<{ value: unknown }>('SELECT CAST(value AS text) AS value FROM pc_mirror_state WHERE key = $1', [COMPACTED_THROUGH_KEY]))[0]?.value ?? 0),
    consumerPosition: async (name) => num((await read<{ position: unknown }>('SELECT position FROM pc_mirror_consumers WHERE name = $1', [name]))[0]?.position ?? 0),
    outboxClaim: (key, send) => claim(key, send),
    deadLetterTable: sqlDeadLetterTable(driver),
  };
  // Postgres: the row stays locked (FOR UPDATE SKIP LOCKED) in a transaction of its own while the call
  // is sent, so a second replayer in any process skips it; the outcome commits with the lock's release.
  const claim: MirrorStore['outboxClaim'] = driver.ownConnectionPerTransaction
    ? (key, send) =>
        driver.transaction(async (client) => {
          const tx = sqlTx(client, d);
          const row = await tx.outboxRow(key, true);
          if (!row || row.status !== 'pending') return row;
          await tx.outboxUpdate(key, changeFor(row, await send(row)));
          return tx.outboxRow(key);
        })
    : inProcessOutboxClaim(store);
  return store;
}

function sqlTx(client: SqlClient, d: SqlDialect): MirrorTx {
  const rows = <R>(sql: string, params?: unknown[]) => client.query<R>(sql, params).then((r) => r.rows);
  return {
    produtos: async (skus) =>
      new Map(
        (await rows<ProductRow>(`SELECT ${PRODUCT_COLUMNS} FROM pc_mirror_produtos WHERE sku ${d.anyOf('$1')} ORDER BY sku${d.forUpdate}`, [skus]))
          .map(toProduct)
          .map((p) => [p.produto.sku, p] as const),
      ),
    putProdutos: async (batch) => {
      // One statement may not touch a row twice: a sku listed twice in the batch is stored as its later state.
      const linhas = [...new Map(batch.map((l) => [l.produto.sku, l] as const)).values()];
      if (linhas.length === 0) return;
      const records = linhas.map((l) => ({
        sku: l.produto.sku,
        produto: l.produto,
        atualizado_em: l.produto.atualizadoEm,
        atualizado_ms: l.atualizadoMs,
        ativo: l.produto.ativo === true,
        seen_generation: l.seenGeneration,
        nao_visto_desde: l.naoVistoDesde,
        position: l.position,
      }));
      await client.query(
        `INSERT INTO pc_mirror_produtos (sku, produto, atualizado_em, atualizado_ms, ativo, seen_generation, nao_visto_desde, position)
         SELECT x.sku, x.produto, x.atualizado_em, x.atualizado_ms, x.ativo, x.seen_generation, x.nao_visto_desde, x.position
         FROM ${d.records('$1', PRODUCT_RECORD)} WHERE true
         ON CONFLICT (sku) DO UPDATE SET produto = excluded.produto, atualizado_em = excluded.atualizado_em, atualizado_ms = excluded.atualizado_ms,
           ativo = excluded.ativo, seen_generation = excluded.seen_generation, nao_visto_desde = excluded.nao_visto_desde, position = excluded.position`,
        [JSON.stringify(records)],
      );
      await client.query(`DELETE FROM pc_mirror_estoque WHERE sku ${d.anyOf('$1')}`, [linhas.map((l) => l.produto.sku)]);
      // One statement may not touch a row twice: a skuVariacao two products of the batch list goes to the
      // later one, as writing them one by one would.
      const sizes = [...new Map(linhas.flatMap((l) => numeracoesOf(l.produto).map((n) => [n.skuVariacao, { ...n, sku: l.produto.sku }] as const))).values()];
      if (sizes.length === 0) return;
      await client.query(
        `INSERT INTO pc_mirror_estoque (sku_variacao, sku, numeracao, estoque)
         SELECT x."skuVariacao", x.sku, x.numeracao, x.estoque FROM ${d.records('$1', SIZE_RECORD)} WHERE true
         ON CONFLICT (sku_variacao) DO UPDATE SET sku = excluded.sku, numeracao = excluded.numeracao, estoque = excluded.estoque`,
        [JSON.stringify(sizes)],
      );
    },
    markSeen: async (skus, generation) => {
      await client.query(`UPDATE pc_mirror_produtos SET seen_generation = $2 WHERE sku ${d.anyOf('$1')} AND seen_generation < $2`, [skus, generation]);
    },
    unseen: async (generation, beforeMs, limit, ceilingMs) =>
      (
        await rows<ProductRow>(
          `SELECT ${PRODUCT_COLUMNS} FROM pc_mirror_produtos WHERE seen_generation < $1 AND (atualizado_ms < $2 OR atualizado_ms > $4) AND nao_visto_desde IS NULL ORDER BY sku LIMIT $3${d.forUpdate}`,
          [generation, Math.min(beforeMs, NO_BOUND), limit, Math.min(ceilingMs ?? NO_BOUND, NO_BOUND)],
        )
      ).map(toProduct),
    appendChanges: async (changes) => {
      if (changes.length === 0) return [];
      // Positions are drawn first, in order (writes are serialized, so they only grow), then the rows
      // are inserted with them: each change keeps the position of its place in the batch.
      const positions = await d.drawPositions(client, changes.length);
      const records = changes.map((c, i) => ({
        position: positions[i],
        sku: c.sku,
        kind: c.kind,
        fields: c.fields,
        before_state: c.before,
        after_state: c.after,
        origin: c.origin,
        evento: c.evento,
      }));
      await client.query(
        `INSERT INTO pc_mirror_changes (position, sku, kind, fields, before_state, after_state, origin, evento)
         SELECT x.position, x.sku, x.kind, x.fields, x.before_state, x.after_state, x.origin, x.evento
         FROM ${d.records('$1', CHANGE_RECORD)}`,
        [JSON.stringify(records)],
      );
      return positions;
    },
    state: async <T>(key: string) => (await rows<{ value: unknown }>('SELECT CAST(value AS text) AS value FROM pc_mirror_state WHERE key = $1', [key])).map((r) => anyJson<T>(r.value))[0],
    setState: async (key, value) => {
      await client.query(`INSERT INTO pc_mirror_state (key, value) VALUES ($1, ${d.json('$2')}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [key, JSON.stringify(value)]);
    },
    queueRefresh: async (skus) => {
      await client.query(`INSERT INTO pc_mirror_refresh (sku) ${d.listRows('$1')} ON CONFLICT (sku) DO NOTHING`, [skus]);
    },
    refreshQueue: async (limit) => (await rows<{ sku: string }>('SELECT sku FROM pc_mirror_refresh ORDER BY queued_at, sku LIMIT $1', [limit])).map((r) => r.sku),
    refreshed: async (skus) => {
      await client.query(`DELETE FROM pc_mirror_refresh WHERE sku ${d.anyOf('$1')}`, [skus]);
    },
    outboxInsert: async ({ key, operation, body }) =>
      (
        await rows(`INSERT INTO pc_mirror_outbox (key, operation, body, status) VALUES ($1, $2, ${d.json('$3')}, 'pending') ON CONFLICT (key) DO NOTHING RETURNING key`, [
          key,
          operation,
          JSON.stringify(body),
        ])
      ).length === 1,
    outboxRow: async (key, skipLocked) =>
      (await rows<OutboxDbRow>(`SELECT ${OUTBOX_COLUMNS} FROM pc_mirror_outbox WHERE key = $1${skipLocked ? d.forUpdateSkipLocked : d.forUpdate}`, [key])).map(toOutbox)[0],
    // The cursor row is read in SQL: created_at has microseconds, which a JavaScript date would round away.
    outboxPending: async (limit, afterKey) =>
      (
        await rows<{ key: string }>(
          `SELECT key FROM pc_mirror_outbox WHERE status = 'pending'
             AND (CAST($2 AS text) IS NULL OR (created_at, key) > (SELECT created_at, key FROM pc_mirror_outbox WHERE key = $2))
           ORDER BY created_at, key LIMIT $1`,
          [limit, afterKey ?? null],
        )
      ).map((r) => r.key),
    outboxUpdate: async (key, change) => {
      await client.query(
        `UPDATE pc_mirror_outbox SET status = coalesce($2, status),
           settled_at = CASE WHEN coalesce($2, status) = 'pending' THEN NULL ELSE coalesce(settled_at, ${d.now}) END, response = CASE WHEN CAST($3 AS boolean) THEN ${d.json('$4')} ELSE response END,
           error = CASE WHEN CAST($5 AS boolean) THEN ${d.json('$6')} ELSE error END, attempts = coalesce($7, attempts) WHERE key = $1`,
        [
          key,
          change.status ?? null,
          'response' in change,
          change.response === undefined ? null : JSON.stringify(change.response),
          'error' in change,
          change.error === undefined ? null : JSON.stringify(change.error),
          change.attempts ?? null,
        ],
      );
    },
    lastChangeBefore: async (time) => num((await rows<{ p: unknown }>('SELECT coalesce(max(position), 0) AS p FROM pc_mirror_changes WHERE recorded_at < $1', [time]))[0]!.p),
    // Kept: the latest change of each product, so a reader from the start still meets every product.
    compactChanges: async (after, through, limit) => {
      const removed = (
        await rows<{ position: unknown }>(
          `DELETE FROM pc_mirror_changes WHERE position IN (
             SELECT c.position FROM pc_mirror_changes c WHERE c.position > $1 AND c.position <= $2
               AND EXISTS (SELECT 1 FROM pc_mirror_changes n WHERE n.sku = c.sku AND n.position > c.position)
             ORDER BY c.position LIMIT $3)
           RETURNING position`,
          [after, through, limit],
        )
      ).map((r) => num(r.position));
      return { removed: removed.length, last: removed.length === 0 ? 0 : Math.max(...removed) };
    },
    pruneOutbox: async (time, limit) =>
      (
        await rows(
          `DELETE FROM pc_mirror_outbox WHERE key IN (
             SELECT key FROM pc_mirror_outbox WHERE status <> 'pending' AND settled_at < $1 ORDER BY settled_at, key LIMIT $2)
           RETURNING key`,
          [time, limit],
        )
      ).length,
  };
}

/** Applies the migrations this database lacks, in one transaction, one process at a time. */
async function migrate(driver: SqlDriver): Promise<void> {
  await driver.transaction(async (client) => {
    await driver.dialect.lockMigrations(client);
    await client.exec(stepSql(driver.dialect.engine, MIGRATIONS_TABLE));
    const done = new Set((await client.query<{ version: unknown }>('SELECT version FROM pc_mirror_migrations')).rows.map((r) => num(r.version)));
    for (const migration of migrationsFor(driver.dialect.engine)) {
      if (done.has(migration.version)) continue;
      await client.exec(migration.sql);
      await client.query('INSERT INTO pc_mirror_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    }
  });
}
