/**
 * Webhook receiving (`partner-commerce/webhooks`): typed parsing of every event kind, `produto.lote`
 * expansion, and a handler to mount in any framework. This entry never loads the HTTP client (the
 * transport and the resources), so a function that only receives webhooks stays small.
 */
export { WebhookParseError, type WebhookParseIssue } from './webhook-parse-error.js';
export { WebhookSignatureError, type WebhookSignatureReason } from '../errors/webhook-signature-error.js';
export { parseWebhook, type WebhookBody } from './parse-webhook.js';
export { expandBatch } from './expandir-lote.js';
export {
  isKnownEvent,
  TIPOS_EVENTO,
  type Ambiente,
  type DadosDe,
  type DadosLote,
  type EventoConhecido,
  type EventoDe,
  type EventoDesconhecido,
  type EventoIndividual,
  type EventoWebhook,
  type EventoWebhookBase,
  type TipoEvento,
  type TipoEventoProduto,
} from './events.js';
export { type DadosEvento, type ItemLote, type ItemLoteConhecido, type ItemLoteDesconhecido, type TipoEventoDesconhecido } from './schemas.js';
export type { TipoEventoIndividual } from './tipos-evento.js';
export { createWebhookHandler, type WebhookHandler } from './handler.js';
export { TIPOS_EVENTO_PRODUTO } from './tipos-evento.js';
export { isProductEvent, productHandlers, type EventoProduto, type ProductHandlers } from './produto-hook.js';
export { compareProducts, shouldApply, type ProductComparison, type ComparableProduct } from './comparar-produto.js';
export type {
  WebhookDedupeOptions,
  WebhookErrorContext,
  WebhookErrorStage,
  WebhookHandlerOptions,
  WebhookHandlers,
  WebhookHeaders,
  WebhookLogger,
  WebhookResult,
  WebhookVerify,
} from './handler-options.js';
export { createMemoryDedupeStore, type DedupeStore, type MemoryDedupeStoreOptions } from './dedupe.js';
export type { DeadLetter, DeadLetterError, DeadLetterFailure, DeadLetterListOptions, DeadLetterStore } from './dead-letters.js';
export { createMemoryDeadLetterStore, type MemoryDeadLetterStoreOptions } from './dead-letter-memory.js';
export type { DeadLetterReplayNotice, DeadLetterReplayOptions, DeadLetterReplayOutcome, DeadLetterReplayResult } from './dead-letter-replay.js';
export type { NodeWebhookRequest, NodeWebhookResponse } from './node-adapter.js';
// What event payloads are made of, so a webhook-only function needs no other entry.
export { Money } from '../money/money.js';
export type { Anexo, ClienteResumo, Etiqueta, Lancamento, OpenEnum, PedidoRef, PedidoResumo, Produto, Rastreio, Referencia, StatusEtiqueta, StatusPedido } from '../models/index.js';
export type { MeterProviderLike, MetricsTelemetryOption, MetricsTelemetryOptions } from '../telemetry/options.js';
