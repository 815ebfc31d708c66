import { Mutex, NamedMutex } from './mutex.js';
import { numeracoesOf } from './numeracoes.js';
import { inProcessOutboxClaim } from './outbox-claim.js';
import { COMPACTED_THROUGH_KEY } from './retention-keys.js';
import { memoryDeadLetterTable } from './memory-dead-letters.js';
import type { MirrorCounts, OutboxRow, StoredProduto, MirrorStore, MirrorTx, Change, NewChange } from './types.js';
import { byCodePoint } from './code-point-order.js';

/**
 * Copy through JSON, as the SQL stores' jsonb columns do: nothing handed out can change what the store
 * holds, and what comes back is what SQL would give back (a Date as its string, undefined fields dropped).
 */
const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

interface Data {
  produtos: Map<string, StoredProduto>;
  variacoes: Map<string, { sku: string; numeracao: string; estoque: number }>;
  mudancas: Change[];
  /** Last position handed out: like a SQL sequence, never given back by a rollback. */
  sequence: number;
  estado: Map<string, unknown>;
  leitores: Map<string, number>;
  /** Queued sku to when it was queued (the start of its transaction, as `now()` in SQL). */
  queueRefresh: Map<string, string>;
  outbox: Map<string, OutboxRow>;
  /** When each settled outbox row settled (its transaction's start), as the SQL column `settled_at`. */
  settled: Map<string, string>;
}

/**
 * A store in process memory, for tests and demos: the same behaviour as the SQL stores (transactions
 * all or nothing, writes one at a time, reads of committed data only), nothing kept after the process
 * ends. Like PGlite's single connection, a read waits for the transaction in progress to end; so, as
 * there, no read of the store may be awaited inside a transaction (use the transaction's own reads).
 */
export function createMemoryStore(): MirrorStore {
  const data: Data = {
    produtos: new Map(),
    variacoes: new Map(),
    mudancas: [],
    sequence: 0,
    estado: new Map(),
    leitores: new Map(),
    queueRefresh: new Map(),
    outbox: new Map(),
    settled: new Map(),
  };
  const writes = new Mutex();
  const runs = new NamedMutex();
  // A transaction writes in place (undone on a throw): reads wait for it, so none sees a write before its commit.
  const committed =
    <A extends unknown[], R>(read: (...args: A) => R) =>
    (...args: A): Promise<R> =>
      writes.run(async () => read(...args));

  const reads = {
    produto: committed((sku: string) => copy(data.produtos.get(sku))),
    variacao: committed((skuVariacao: string) => copy(data.variacoes.get(skuVariacao))),
    changes: committed((apos: number, limite: number) => copy(data.mudancas.filter((m) => m.position > apos).slice(0, limite))),
    changedSince: committed((apos: number, limite: number) =>
      copy(
        [...data.produtos.values()]
          .filter((p) => p.position > apos)
          .sort((a, b) => a.position - b.position)
          .slice(0, limite),
      ),
    ),
    produtos: committed((aposSku: string | null, limite: number) =>
      copy(
        [...data.produtos.keys()]
          .filter((sku) => aposSku === null || byCodePoint(sku, aposSku) > 0)
          .sort(byCodePoint)
          .slice(0, limite)
          .map((sku) => data.produtos.get(sku)!),
      ),
    ),
    counts: committed((): MirrorCounts => {
      let ativos = 0;
      let ausentes = 0;
      for (const p of data.produtos.values()) {
        if (p.naoVistoDesde !== null) ausentes++;
        else if (p.produto.ativo === true) ativos++;
      }
      return {
        products: data.produtos.size,
        active: ativos,
        inactive: data.produtos.size - ativos - ausentes,
        missing: ausentes,
        variants: data.variacoes.size,
        changes: data.mudancas.length,
        outboxPending: [...data.outbox.values()].filter((o) => o.status === 'pending').length,
      };
    }),
    lastPosition: committed(() => data.mudancas.at(-1)?.position ?? 0),
    state: <T>(key: string) => committed(() => copy(data.estado.get(key)) as T | undefined)(),
    consumerPosition: committed((name: string) => data.leitores.get(name) ?? 0),
    compactedThrough: committed(() => Number(data.estado.get(COMPACTED_THROUGH_KEY) ?? 0)),
  };

  const store: MirrorStore = {
    kind: 'memory',
    ...reads,
    open: async () => undefined,
    close: async () => undefined,
    [Symbol.asyncDispose]: async () => undefined,
    exclusive: (name, fn) => runs.run(name, fn),
    saveConsumerPosition: committed((name: string, position: number) => void data.leitores.set(name, position)),
    transaction: (fn) =>
      writes.run(async () => {
        const undo: Array<() => void> = [];
        try {
          return await fn(memoryTx(data, undo, new Date().toISOString()));
        } catch (err) {
          for (const step of undo.reverse()) step();
          throw err;
        }
      }),
    outboxClaim: (key, send) => claim(key, send),
    deadLetterTable: memoryDeadLetterTable(),
  };
  const claim = inProcessOutboxClaim(store);
  return store;
}

/** Restores a map entry to what it was before a write. */
function remember<K, V>(map: Map<K, V>, key: K, undo: Array<() => void>): void {
  const had = map.has(key);
  const before = map.get(key);
  undo.push(() => (had ? map.set(key, before as V) : map.delete(key)));
}

/** `now` is the transaction's start, which SQL's `now()` gives every row the transaction writes. */
function memoryTx(data: Data, undo: Array<() => void>, now: string): MirrorTx {
  return {
    produtos: async (skus) => {
      const out = new Map<string, StoredProduto>();
      for (const sku of skus) {
        const row = data.produtos.get(sku);
        if (row) out.set(sku, copy(row));
      }
      return out;
    },
    putProdutos: async (linhas) => {
      // One row per sku: a sku listed twice in the batch is stored as its later state.
      for (const linha of new Map(linhas.map((l) => [l.produto.sku, l])).values()) {
        const sku = linha.produto.sku;
        const old = data.produtos.get(sku);
        for (const n of numeracoesOf(old?.produto)) {
          // A size another product has taken since stays that product's, as SQL deletes by owner.
          if (data.variacoes.get(n.skuVariacao)?.sku !== sku) continue;
          remember(data.variacoes, n.skuVariacao, undo);
          data.variacoes.delete(n.skuVariacao);
        }
        for (const n of numeracoesOf(linha.produto)) {
          remember(data.variacoes, n.skuVariacao, undo);
          data.variacoes.set(n.skuVariacao, { sku, numeracao: n.numeracao, estoque: n.estoque });
        }
        remember(data.produtos, sku, undo);
        data.produtos.set(sku, copy(linha));
      }
    },
    markSeen: async (skus, geracao) => {
      for (const sku of skus) {
        const row = data.produtos.get(sku);
        // A generation only grows: an older scan's late mark must not undo a newer one's.
        if (!row || row.seenGeneration >= geracao) continue;
        remember(data.produtos, sku, undo);
        data.produtos.set(sku, { ...row, seenGeneration: geracao });
      }
    },
    unseen: async (geracao, antesDeMs, limite, tetoMs) =>
      copy(
        [...data.produtos.values()]
          .filter((p) => p.seenGeneration < geracao && (p.atualizadoMs < antesDeMs || p.atualizadoMs > (tetoMs ?? Number.POSITIVE_INFINITY)) && p.naoVistoDesde === null)
          .sort((a, b) => byCodePoint(a.produto.sku, b.produto.sku))
          .slice(0, limite),
      ),
    appendChanges: async (mudancas: readonly NewChange[]) =>
      mudancas.map((mudanca) => {
        const position = ++data.sequence;
        data.mudancas.push({ ...copy(mudanca), position, recordedAt: now });
        undo.push(() => void data.mudancas.pop());
        return position;
      }),
    state: async <T>(key: string) => copy(data.estado.get(key)) as T | undefined,
    setState: async (key, valor) => {
      remember(data.estado, key, undo);
      data.estado.set(key, copy(valor));
    },
    queueRefresh: async (skus) => {
      for (const sku of skus) {
        if (data.queueRefresh.has(sku)) continue;
        data.queueRefresh.set(sku, now);
        undo.push(() => void data.queueRefresh.delete(sku));
      }
    },
    refreshQueue: async (limite) =>
      [...data.queueRefresh]
        .sort(([a, at], [b, bt]) => (at === bt ? byCodePoint(a, b) : at < bt ? -1 : 1))
        .slice(0, limite)
        .map(([sku]) => sku),
    refreshed: async (skus) => {
      for (const sku of skus) {
        if (!data.queueRefresh.has(sku)) continue;
        remember(data.queueRefresh, sku, undo);
        data.queueRefresh.delete(sku);
      }
    },
    outboxInsert: async ({ key, operation, body }) => {
      if (data.outbox.has(key)) return false;
      remember(data.outbox, key, undo);
      data.outbox.set(key, { key, operation, body: copy(body), status: 'pending', response: null, error: null, attempts: 0, createdAt: now });
      return true;
    },
    outboxRow: async (key) => copy(data.outbox.get(key)),
    outboxPending: async (limite, aposChave) => {
      // Oldest first by creation, then key, as SQL orders them (rows of one transaction share a creation time).
      const rows = [...data.outbox.values()].sort((a, b) => (a.createdAt === b.createdAt ? byCodePoint(a.key, b.key) : a.createdAt < b.createdAt ? -1 : 1));
      const at = aposChave === undefined ? -1 : rows.findIndex((o) => o.key === aposChave);
      if (aposChave !== undefined && at < 0) return [];
      return rows
        .slice(at + 1)
        .filter((o) => o.status === 'pending')
        .slice(0, limite)
        .map((o) => o.key);
    },
    outboxUpdate: async (key, mudanca) => {
      const row = data.outbox.get(key);
      if (!row) return;
      remember(data.outbox, key, undo);
      // As the SQL update: a field given as undefined is cleared (null), one not given is kept.
      const value = (field: 'response' | 'error') => (field in mudanca ? (copy(mudanca[field]) ?? null) : row[field]);
      const status = mudanca.status ?? row.status;
      data.outbox.set(key, { ...row, status, response: value('response'), error: value('error'), attempts: mudanca.attempts ?? row.attempts });
      if ((status === 'pending') === data.settled.has(key)) {
        remember(data.settled, key, undo);
        if (status === 'pending') data.settled.delete(key);
        else data.settled.set(key, now);
      }
    },
    lastChangeBefore: async (time) => {
      const before = Date.parse(time);
      return data.mudancas.reduce((last, m) => (Date.parse(m.recordedAt) < before ? Math.max(last, m.position) : last), 0);
    },
    compactChanges: async (after, through, limit) => {
      const latest = new Map<string, number>();
      for (const m of data.mudancas) latest.set(m.sku, Math.max(latest.get(m.sku) ?? 0, m.position));
      const gone = new Set(
        data.mudancas
          .filter((m) => m.position > after && m.position <= through && m.position < latest.get(m.sku)!)
          .slice(0, limit)
          .map((m) => m.position),
      );
      if (gone.size === 0) return { removed: 0, last: 0 };
      const kept = data.mudancas;
      data.mudancas = kept.filter((m) => !gone.has(m.position));
      undo.push(() => void (data.mudancas = kept));
      return { removed: gone.size, last: Math.max(...gone) };
    },
    pruneOutbox: async (time, limit) => {
      const before = Date.parse(time);
      const keys = [...data.settled]
        .filter(([, at]) => Date.parse(at) < before)
        .sort(([a, at], [b, bt]) => (at === bt ? byCodePoint(a, b) : at < bt ? -1 : 1))
        .slice(0, limit)
        .map(([key]) => key);
      for (const key of keys) {
        remember(data.outbox, key, undo);
        remember(data.settled, key, undo);
        data.outbox.delete(key);
        data.settled.delete(key);
      }
      return keys.length;
    },
  };
}
