import type * as z from 'zod/mini';
import type { loteDadosSchema } from '../../webhooks/lote-schema.js';
import type { dadosEventoSchemas, TipoEventoIndividual } from '../../webhooks/schemas.js';

// Type-only imports: the testing entry never loads the webhooks runtime. The shapes come from the
// same schemas `parseWebhook` checks, on their input side (money as strings, as on the wire).

/** An event kind the fake can emit or the builders can build: every kind of the spec but `produto.lote`. */
export type FakeEventKind = TipoEventoIndividual;

/** Every kind of the spec, `produto.lote` included. */
export type FakeAnyEventKind = TipoEventoIndividual | 'produto.lote';

/** `dados` of an event of kind `K` as sent on the wire (money as `"129.90"` strings, timestamps as strings). */
export type WireDados<K extends FakeAnyEventKind> = K extends TipoEventoIndividual
  ? z.input<(typeof dadosEventoSchemas)[K]>
  : z.input<typeof loteDadosSchema>;

/**
 * One webhook notice exactly as the fake sends it (JSON-ready): the spec's envelope and the `dados`
 * of its kind. `ambiente` is `'sandbox'` (the spec shows only `producao`, its production value).
 */
export interface WireEvento<K extends FakeAnyEventKind = FakeAnyEventKind> {
  /** Unique per notice, prefix `evt_`. */
  id: string;
  /** The event kind. */
  evento: K;
  /** When the event happened, ISO 8601 with offset `-03:00`. */
  criadoEm: string;
  /** `'sandbox'` from the fake. */
  ambiente: string;
  /** The integration (token) the notice was sent for. */
  integracao: { id: string; nome: string };
  /** The payload of kind `K`. */
  dados: WireDados<K>;
}

/** A product event kind: the seven that a `produto.lote` may carry as items. */
export type FakeProductEventKind = Extract<FakeEventKind, `produto.${string}`>;

/** One item of a `produto.lote` as sent: `evento` plus the `dados` the single notice of that kind would have. */
export type WireItemLote<K extends FakeProductEventKind = FakeProductEventKind> = { [P in K]: { evento: P } & WireDados<P> }[K];

/**
 * A notice the fake emits: a union discriminated by `evento` over every kind of the spec, `produto.lote`
 * included (the catalog driver's `lote` sends it).
 */
export type FakeWebhookEvent = { [K in FakeAnyEventKind]: WireEvento<K> }[FakeAnyEventKind];
