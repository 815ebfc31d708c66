import type { EventoWebhook } from '../../webhooks/events.js';
import { isProductEvent } from '../../webhooks/produto-hook.js';
import { trustCeiling } from '../clock/server-clock.js';
import type { CatalogStore } from '../store/types.js';
import { aplicarProdutos } from './apply-product.js';
import { toWire, type ProdutoWire } from './canonical.js';

/** Lote items applied per transaction: small units, so a big lote never holds one long transaction. */
export const ITENS_POR_TRANSACAO = 100;

/** What applying a notice did. */
export interface ApplyResult {
  /** Product states the notice carried (1, or the lote's items). */
  received: number;
  /** Changes applied and logged. */
  applied: number;
  /** States not applied because the store already held a newer one (or the same). */
  ignored: number;
  /** Ties (same `atualizadoEm`, other content): applied, and queued to be read again from the API. */
  ties: number;
  /**
   * States the store cannot hold as sent (a NUL character, a stock beyond its range…) or that do not fit
   * the Product schema (the notice may come from anywhere, unparsed), set aside in the
   * quarantine (`status().quarantine`) while the rest are applied: the notice is handled, not retried.
   */
  quarantined: number;
}

/**
 * Applies a product notice (any of the seven kinds, or a `produto.lote`, every item) to the store. Any
 * other kind is ignored. Each state is applied only if newer than the stored one (see `decidir`).
 */
export async function aplicarEvento(store: CatalogStore, evento: EventoWebhook): Promise<ApplyResult> {
  const itens = produtosDe(evento);
  const result: ApplyResult = { received: itens.length, applied: 0, ignored: 0, ties: 0, quarantined: 0 };
  for (let i = 0; i < itens.length; i += ITENS_POR_TRANSACAO) {
    const chunk = itens.slice(i, i + ITENS_POR_TRANSACAO);
    await store.transaction(async (tx) => {
      const local = { aplicados: 0, ignorados: 0, empates: 0 };
      // A notice carries no server time: the clock the answers of the API last showed judges its stamps.
      const tetoMs = await trustCeiling(tx);
      const { decisoes, quarantined } = await aplicarProdutos(
        tx,
        chunk.map((c) => c.produto),
        { origin: 'webhook', evento: chunk.map((c) => c.kind), tetoMs },
      );
      for (const decisao of decisoes) {
        if (decisao.comparacao === 'empate') local.empates++;
        if (decisao.aplicar) local.aplicados++;
        else local.ignorados++;
      }
      // Counted only once the chunk committed.
      result.applied += local.aplicados;
      result.ignored += local.ignorados;
      result.ties += local.empates;
      result.quarantined += quarantined;
    });
  }
  return result;
}

function produtosDe(evento: EventoWebhook): Array<{ produto: ProdutoWire; kind: string }> {
  const kind = evento.evento as string;
  const dados = evento.dados as { produto?: object; itens?: Array<{ evento: string; produto?: object }> };
  if (kind === 'produto.lote') {
    return (dados.itens ?? []).filter((item) => isProductEvent(item) && item.produto).map((item) => ({ produto: toWire(item.produto!), kind: item.evento }));
  }
  return isProductEvent(evento) && dados.produto ? [{ produto: toWire(dados.produto), kind }] : [];
}
