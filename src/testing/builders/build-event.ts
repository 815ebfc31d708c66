import { InvalidInputError } from '../../errors/invalid-input-error.js';
import { refuseUnknownOptions } from '../../errors/check-options.js';
import type { FakeAnyEventKind, WireEvento } from '../webhooks/wire-types.js';
import { DEFAULT_DADOS } from './dados.js';
import { merge } from './merge.js';
import { SAMPLE_TIME } from './samples.js';

/** Every field optional, at every depth; arrays are replaced whole, never merged. */
export type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [P in keyof T]?: DeepPartial<T[P]> } : T;

/** Overrides of {@link buildWebhookEvent}: any part of the envelope or of `dados`, merged into the defaults. */
export type WebhookEventOverrides<K extends FakeAnyEventKind> = DeepPartial<WireEvento<K>>;

/** The integration of built events unless overridden. */
export const SAMPLE_INTEGRATION: Readonly<{ id: string; nome: string }> = Object.freeze({ id: 'int_exemplo', nome: 'Integração de exemplo' });

/**
 * Builds a webhook notice of kind `evento` exactly as the API sends it (JSON-ready: money as
 * `"129.90"` strings), for unit tests of webhook handlers. Defaults are plausible sample records;
 * `overrides` are merged in deeply (objects merge, arrays and other values replace). Each call gets a
 * fresh `evt_` id, so deduplication never swallows a second built event unless you pass the same `id`.
 *
 * @example
 * const event = buildWebhookEvent('pedido.status_alterado', { dados: { pedido: { status: 'ENVIADO', statusAnterior: 'PAGO' } } });
 * await handler.fetch(buildWebhookRequest(event));
 * // or, for the parsed shape (money as Money): parseWebhook(event)
 */
export function buildWebhookEvent<K extends FakeAnyEventKind>(evento: K, overrides: WebhookEventOverrides<K> = {}): WireEvento<K> {
  const factory = (DEFAULT_DADOS as Record<string, (() => unknown) | undefined>)[evento];
  if (typeof factory !== 'function' || !Object.hasOwn(DEFAULT_DADOS, evento))
    throw new InvalidInputError({ path: 'evento', message: `unknown event kind ${JSON.stringify(evento)}; use one of ${Object.keys(DEFAULT_DADOS).join(', ')}` });
  const base = {
    id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    evento,
    criadoEm: SAMPLE_TIME,
    ambiente: 'sandbox',
    integracao: { ...SAMPLE_INTEGRATION },
    dados: factory(),
  };
  return merge(base, overrides) as WireEvento<K>;
}

const REQUEST_INIT_NAMES: ReadonlySet<string> = new Set(['url', 'headers']);

/**
 * A `Request` carrying `event` as a webhook delivery would (POST, JSON body), for handlers that take a
 * standard Request, such as `createWebhookHandler(...).fetch`.
 * @param event the notice to deliver, e.g. from {@link buildWebhookEvent}.
 * @param init `url` it is addressed to (default `https://parceiro.example.test/webhooks`) and extra `headers` (a signature, say).
 */
export function buildWebhookRequest(event: WireEvento, init: { url?: string; headers?: Record<string, string> } = {}): Request {
  refuseUnknownOptions(init, REQUEST_INIT_NAMES, 'buildWebhookRequest');
  return new Request(init.url ?? 'https://parceiro.example.test/webhooks', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: JSON.stringify(event),
  });
}
