import { Mutex, NamedMutex } from './mutex.js';
import { numeracoesOf } from './numeracoes.js';
import { inProcessOutboxClaim } from './outbox-claim.js';
import type { MirrorCounts, OutboxRow, StoredProduto, MirrorStore, MirrorTx, Change, NewChange } from './types.js';

/** Deep copy, so nothing handed out can change what the store holds. */
const copy = <T>(value: T): T => (value === undefined ? value : structuredClone(value));

interface Data {
  produtos: Map<string, StoredProduto>;
  variacoes: Map<string, { sku: string; numeracao: string; estoque: number }>;
  mudancas: Change[];
  estado: Map<string, unknown>;
  leitores: Map<string, number>;
  queueRefresh: Set<string>;
  outbox: Map<string, OutboxRow>;
}

/**
 * A store in process memory, for tests and demos: the same behaviour as the SQL stores (transactions
 * all or nothing, writes one at a time), nothing kept after the process ends.
 */
export function createMemoryStore(): MirrorStore {
  const data: Data = {
    produtos: new Map(),
    variacoes: new Map(),
    mudancas: [],
    estado: new Map(),
    leitores: new Map(),
    queueRefresh: new Set(),
    outbox: new Map(),
  };
  const writes = new Mutex();
  const runs = new NamedMutex();

  const reads = {
    produto: async (sku: string) => copy(data.produtos.get(sku)),
    variacao: async (skuVariacao: string) => copy(data.variacoes.get(skuVariacao)),
    changes: async (apos: number, limite: number) => copy(data.mudancas.filter((m) => m.position > apos).slice(0, limite)),
    changedSince: async (apos: number, limite: number) =>
      copy([...data.produtos.values()].filter((p) => p.position > apos).sort((a, b) => a.position - b.position).slice(0, limite)),
    produtos: async (aposSku: string | null, limite: number) =>
      copy(
        [...data.produtos.keys()]
          .filter((sku) => aposSku === null || sku > aposSku)
          .sort()
          .slice(0, limite)
          .map((sku) => data.produtos.get(sku)!),
      ),
    counts: async (): Promise<MirrorCounts> => {
      let ativos = 0;
      let ausentes = 0;
      for (const p of data.produtos.values()) {
        if (p.naoVistoDesde !== null) ausentes++;
        else if (p.produto.ativo) ativos++;
      }
      return {
        produtos: data.produtos.size,
        ativos,
        inativos: data.produtos.size - ativos - ausentes,
        ausentes,
        variacoes: data.variacoes.size,
        changes: data.mudancas.length,
        outboxPending: [...data.outbox.values()].filter((o) => o.status === 'pending').length,
      };
    },
    lastPosition: async () => data.mudancas.at(-1)?.position ?? 0,
    state: async <T>(key: string) => copy(data.estado.get(key)) as T | undefined,
    consumerPosition: async (name: string) => data.leitores.get(name) ?? 0,
  };

  const store: MirrorStore = {
    kind: 'memory',
    ...reads,
    open: async () => undefined,
    close: async () => undefined,
    [Symbol.asyncDispose]: async () => undefined,
    exclusive: (name, fn) => runs.run(name, fn),
    saveConsumerPosition: async (name, position) => void data.leitores.set(name, position),
    transaction: (fn) =>
      writes.run(async () => {
        const undo: Array<() => void> = [];
        try {
          return await fn(memoryTx(data, undo));
        } catch (err) {
          for (const step of undo.reverse()) step();
          throw err;
        }
      }),
    outboxClaim: (key, send) => claim(key, send),
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

function memoryTx(data: Data, undo: Array<() => void>): MirrorTx {
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
      for (const linha of linhas) {
        const sku = linha.produto.sku;
        const old = data.produtos.get(sku);
        for (const n of numeracoesOf(old?.produto)) {
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
        if (!row) continue;
        remember(data.produtos, sku, undo);
        data.produtos.set(sku, { ...row, seenGeneration: geracao });
      }
    },
    unseen: async (geracao, antesDeMs, limite, tetoMs) =>
      copy(
        [...data.produtos.values()]
          .filter((p) => p.seenGeneration < geracao && (p.atualizadoMs < antesDeMs || p.atualizadoMs > (tetoMs ?? Number.POSITIVE_INFINITY)) && p.naoVistoDesde === null)
          .sort((a, b) => (a.produto.sku < b.produto.sku ? -1 : 1))
          .slice(0, limite),
      ),
    appendChanges: async (mudancas: readonly NewChange[]) =>
      mudancas.map((mudanca) => {
        const position = (data.mudancas.at(-1)?.position ?? 0) + 1;
        data.mudancas.push({ ...copy(mudanca), position, recordedAt: new Date().toISOString() });
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
        data.queueRefresh.add(sku);
        undo.push(() => void data.queueRefresh.delete(sku));
      }
    },
    refreshQueue: async (limite) => [...data.queueRefresh].slice(0, limite),
    refreshed: async (skus) => {
      for (const sku of skus) if (data.queueRefresh.delete(sku)) undo.push(() => void data.queueRefresh.add(sku));
    },
    outboxInsert: async ({ key, operation, body }) => {
      if (data.outbox.has(key)) return false;
      remember(data.outbox, key, undo);
      data.outbox.set(key, { key, operation, body: copy(body), status: 'pending', response: null, error: null, attempts: 0, createdAt: new Date().toISOString() });
      return true;
    },
    outboxRow: async (key) => copy(data.outbox.get(key)),
    outboxPending: async (limite, aposChave) => {
      // Rows are kept in the order they were saved, which is the order of their createdAt.
      const rows = [...data.outbox.values()];
      const at = aposChave === undefined ? -1 : rows.findIndex((o) => o.key === aposChave);
      if (aposChave !== undefined && at < 0) return [];
      return rows.slice(at + 1).filter((o) => o.status === 'pending').slice(0, limite).map((o) => o.key);
    },
    outboxUpdate: async (key, mudanca) => {
      const row = data.outbox.get(key);
      if (!row) return;
      remember(data.outbox, key, undo);
      data.outbox.set(key, { ...row, ...copy(mudanca) });
    },
  };
}
