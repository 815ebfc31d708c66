import type { EventoIndividual, EventoWebhook } from './events.js';

/**
 * The single events a notice stands for: each item of a `produto.lote` as the notice it replaces, or
 * any other event as itself (so `for (const e of expandBatch(evento))` serves both formats with the
 * same handler code).
 *
 * Each item becomes an event of the item's own kind with `dados` = the item without `evento`
 * (`produto`, and `alterados` / `anterior` when that kind has them), the lote's envelope (`criadoEm`,
 * `ambiente`, `integracao`, and any unknown envelope field), and the id `${loteId}:${index}` (index from
 * 0): stable across redeliveries of the lote, so it deduplicates like any event id. Nothing is validated
 * again: {@link parseWebhook} already checked every item against its kind. An item of a kind the SDK
 * does not know becomes an {@link EventoDesconhecido}.
 *
 * @example
 * for (const e of expandBatch(parseWebhook(body))) {
 *   if (e.evento === 'produto.estoque_atualizado') await salvarEstoque(e.dados.produto);
 * }
 */
export function expandBatch(evento: EventoWebhook): EventoIndividual[] {
  if (evento.evento !== 'produto.lote') return [evento];
  // Rest and spread define own properties: a "__proto__" field, if sent, stays a plain field.
  const { id, evento: _lote, dados, ...envelope } = evento;
  return dados.itens.map(({ evento: kind, ...itemDados }, index) => ({
    id: `${id}:${index}`,
    evento: kind,
    ...envelope,
    dados: itemDados,
  })) as EventoIndividual[];
}
