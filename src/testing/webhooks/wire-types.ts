import type { DadosPorEvento, ItemLoteWire, LoteDadosWire, TipoEventoProdutoWire, TipoEventoWire } from '../wire/eventos.js';

// The public names of the kit's wire payloads, over its own reading of the spec's Events section
// (../wire/eventos.ts), not over the SDK's schemas.

/** An event kind the fake can emit or the builders can build: every kind of the spec but `produto.lote`. */
export type FakeEventKind = TipoEventoWire;

/** Every kind of the spec, `produto.lote` included. */
export type FakeAnyEventKind = TipoEventoWire | 'produto.lote';

/** `dados` of an event of kind `K` as sent on the wire (money as `"129.90"` strings, timestamps as strings). */
export type WireDados<K extends FakeAnyEventKind> = K extends TipoEventoWire ? DadosPorEvento[K] : LoteDadosWire;

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
export type FakeProductEventKind = TipoEventoProdutoWire;

/** One item of a `produto.lote` as sent: `evento` plus the `dados` the single notice of that kind would have. */
export type WireItemLote<K extends FakeProductEventKind = FakeProductEventKind> = ItemLoteWire<K>;

/**
 * A notice the fake emits: a union discriminated by `evento` over every kind of the spec, `produto.lote`
 * included (the catalog driver's `lote` sends it).
 */
export type FakeWebhookEvent = { [K in FakeAnyEventKind]: WireEvento<K> }[FakeAnyEventKind];
