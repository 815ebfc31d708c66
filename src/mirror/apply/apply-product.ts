import type { ChangeKind, CatalogTx, NewChange, StoredProduto } from '../store/types.js';
import { instantOf } from '../../dates/instant.js';
import type { ProdutoWire } from './canonical.js';
import { decidir, type Decisao, type ChangeOrigin } from './decide.js';
import { changedFields } from './diff.js';
import { quarantineEntry, updateQuarantine, type QuarantinedProduct } from './quarantine.js';
import { unreadable } from './unreadable.js';
import { storableText } from '../../internal/storable-text.js';
import { unstorable } from './unstorable.js';

/** How states arrived: their source, the notice kind, and the full scan that listed them. */
export interface Contexto {
  origin: ChangeOrigin;
  /** The notice kind of each state (webhooks), by index; or one for all. */
  evento?: string | ReadonlyArray<string | undefined> | undefined;
  /** Generation of the full scan that listed them (backfill only). */
  geracao?: number | undefined;
  /**
   * The latest server time to trust (epoch ms): a stored `atualizadoEm` past it was stamped by a clock far
   * ahead, so it orders nothing and any state the API or a notice sends now replaces it. Undefined when
   * the mirror has no server time to judge by.
   */
  tetoMs?: number | undefined;
}

/** What applying a batch did: one decision per state stored, the changes logged, the states set aside. */
export interface Aplicacao {
  decisoes: Decisao[];
  logged: number;
  /** States the store cannot hold as sent (see {@link unstorable}) or that do not fit the Product schema, set aside in the quarantine. */
  quarantined: number;
}

/**
 * Applies states of products inside one transaction, in order: each is decided by the ordering rule
 * against the stored state (or an earlier state of the same batch), the new states and their sizes are
 * written and every change is logged in the same transaction — so the store and its change log can
 * never disagree, whatever point a crash stops at. The whole batch costs a handful of statements.
 */
export async function aplicarProdutos(tx: CatalogTx, incoming: readonly ProdutoWire[], ctx: Contexto): Promise<Aplicacao> {
  if (incoming.length === 0) return { decisoes: [], logged: 0, quarantined: 0 };
  // One hostile state must not fail the transaction of every product that came with it.
  const setAside: Array<Omit<QuarantinedProduct, 'at'>> = [];
  const storable = new Set<number>();
  incoming.forEach((produto, i) => {
    // Not an object first: the other checks read its fields.
    const shape = unreadable(produto);
    const why = shape?.field === '(product)' ? shape : (unstorable(produto) ?? shape);
    if (why) setAside.push(quarantineEntry(isObject(produto) ? produto : {}, why, ctx.origin));
    else storable.add(i);
  });
  const skus = [...new Set(incoming.filter((_, i) => storable.has(i)).map((p) => p.sku))];
  const current = await tx.produtos(skus);
  const touched = new Map<string, StoredProduto>();
  const changes: NewChange[] = [];
  const changeSku: string[] = [];
  const seen: string[] = [];
  const ties: string[] = [];
  const decisoes: Decisao[] = [];
  // An answer of the API settles a tie whatever it decides: it is the server's state now.
  if (ctx.origin !== 'webhook') await tx.refreshed(skus);
  incoming.forEach((produto, i) => {
    if (!storable.has(i)) return;
    const stored = current.get(produto.sku);
    const decisao = decidir(stored?.produto, produto, ctx.origin, ctx.tetoMs);
    decisoes.push(decisao);
    const seenGeneration = Math.max(stored?.seenGeneration ?? 0, ctx.geracao ?? 0);
    const evento = typeof ctx.evento === 'string' ? ctx.evento : (ctx.evento?.[i] ?? null);
    if (decisao.reler) ties.push(produto.sku);
    if (decisao.aplicar) {
      changes.push({ sku: produto.sku, kind: kindOf(stored, produto), fields: changedFields(stored?.produto, produto), before: stored?.produto ?? null, after: produto, origin: ctx.origin, evento });
      changeSku.push(produto.sku);
      // unstorable() set aside every state whose time cannot be read, so the instant is there.
      const row: StoredProduto = { produto, atualizadoMs: instantOf(produto.atualizadoEm)!.ms, seenGeneration, naoVistoDesde: null, position: 0 };
      current.set(produto.sku, row);
      touched.set(produto.sku, row);
      return;
    }
    if (!stored) return;
    // Listed again after a scan had missed it: the product is there, even if its content did not change.
    if (stored.naoVistoDesde !== null && ctx.origin !== 'webhook') {
      changes.push({ sku: produto.sku, kind: 'reapareceu', fields: [], before: stored.produto, after: stored.produto, origin: ctx.origin, evento: null });
      changeSku.push(produto.sku);
      const row = { ...stored, seenGeneration, naoVistoDesde: null };
      current.set(produto.sku, row);
      touched.set(produto.sku, row);
      return;
    }
    if (ctx.geracao !== undefined && stored.seenGeneration < ctx.geracao && !touched.has(produto.sku)) seen.push(produto.sku);
  });
  const positions = await tx.appendChanges(changes);
  positions.forEach((position, i) => (touched.get(changeSku[i]!)!.position = position));
  await tx.putProdutos([...touched.values()]);
  // A product set aside was still listed: the sweep must not infer it gone (its stored state, if any, stays).
  if (ctx.geracao !== undefined)
    seen.push(...incoming.filter((p, i) => !storable.has(i) && isObject(p) && typeof p.sku === 'string' && p.sku !== '' && storableText(p.sku) === p.sku).map((p) => p.sku));
  if (seen.length && ctx.geracao !== undefined) await tx.markSeen(seen, ctx.geracao);
  if (ties.length) await tx.queueRefresh(ties);
  await updateQuarantine(tx, setAside, skus);
  return { decisoes, logged: changes.length, quarantined: setAside.length };
}

// A state from a page read leniently may be anything the server sent, `null` included.
function isObject(value: unknown): value is ProdutoWire {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(stored: StoredProduto | undefined, incoming: ProdutoWire): ChangeKind {
  if (!stored) return 'criado';
  if (stored.produto.ativo && !incoming.ativo) return 'desativado';
  if (!stored.produto.ativo && incoming.ativo) return 'reativado';
  if (stored.naoVistoDesde !== null) return 'reapareceu';
  return 'alterado';
}
