import type * as z from 'zod/mini';
import type { Referencia } from '../models/common.js';
import type { OpenEnum } from '../models/enums.js';
import type { loteDadosSchema } from './lote-schema.js';
import type { DadosEvento, TipoEventoDesconhecido } from './schemas.js';
import { TIPOS_EVENTO, type TipoEvento, type TipoEventoIndividual } from './tipos-evento.js';

export { TIPOS_EVENTO, type TipoEvento, type TipoEventoProduto } from './tipos-evento.js';

/** `dados` of a `produto.lote`: `total` and the `itens` it replaces single notices with. */
export type DadosLote = z.output<ReturnType<typeof loteDadosSchema>>;

/** The `dados` of an event of kind `K`, as parsed (money as `Money`, unknown fields kept). */
export type DadosDe<K extends TipoEvento> = K extends TipoEventoIndividual ? DadosEvento<K> : DadosLote;

/** The environment an event comes from: `producao` in production (the sandbox value is not shown). */
export type Ambiente = OpenEnum<'producao'>;

/**
 * One webhook notice: the envelope (`id`, `evento`, `criadoEm`, `ambiente`, `integracao`), its `dados`,
 * and any field the API added that the SDK does not know yet.
 */
export interface EventoWebhookBase<K extends string, D> {
  /** Unique per event (prefix `evt_`); in a lote's items, `${loteId}:${index}`. */
  id: string;
  /** The event kind. */
  evento: K;
  /** When the event was created (ISO 8601 with offset, kept as sent). */
  criadoEm: string;
  /** `producao` in production. */
  ambiente: Ambiente;
  /** The integration this notice was sent for: `{ id, nome }`. */
  integracao: Referencia;
  /** The payload, per kind. */
  dados: D;
  [campo: string]: unknown;
}

/** An event of kind `K`: `EventoDe<'pedido.criado'>` has `dados.pedido`. */
export type EventoDe<K extends TipoEvento> = EventoWebhookBase<K, DadosDe<K>>;

/** An event of one of the kinds of the spec (a union discriminated by `evento`). */
export type EventoConhecido = { [K in TipoEvento]: EventoDe<K> }[TipoEvento];

/**
 * An event of a kind the SDK does not know yet: envelope and `dados` kept exactly as sent. Its `evento`
 * is typed {@link TipoEventoDesconhecido}, so checking `evento` against a known kind narrows to that kind
 * alone; use {@link isKnownEvent} (or a `switch` with a `default`) to reach this member.
 */
export type EventoDesconhecido = EventoWebhookBase<TipoEventoDesconhecido, Record<string, unknown>>;

/**
 * What {@link parseWebhook} returns: an event of a known kind, discriminated by `evento`, or an
 * {@link EventoDesconhecido}.
 *
 * @example
 * if (e.evento === 'produto.preco_atualizado') e.dados.anterior.precoAtacado; // Money
 */
export type EventoWebhook = EventoConhecido | EventoDesconhecido;

/** An event that arrives alone: anything but a `produto.lote` (what {@link expandBatch} gives). */
export type EventoIndividual = Exclude<EventoWebhook, { evento: 'produto.lote' }>;

const CONHECIDOS: ReadonlySet<string> = new Set(TIPOS_EVENTO);

/** True when the event's kind is one of the spec's ({@link TIPOS_EVENTO}); false for a kind the SDK does not know. */
export function isKnownEvent<E extends EventoWebhook>(evento: E): evento is Exclude<E, EventoDesconhecido> {
  return CONHECIDOS.has(evento.evento);
}
