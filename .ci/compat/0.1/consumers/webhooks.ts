// A partner's webhook route written against 0.1: the handler with a signature check, fed a notice the
// kit signs, deduplicated by id.
import { createWebhookHandler, parseWebhook } from 'partner-commerce/webhooks';
import { webhookSignatureHeaders, webhookSignatureVerifier } from 'partner-commerce/testing';

const secret = 'segredo-compat';
const seen: string[] = [];
const handler = createWebhookHandler({
  verify: webhookSignatureVerifier(secret),
  on: { 'pedido.criado': (evento) => void seen.push(evento.id) },
  logger: { warn: () => undefined, error: console.error },
});
const body = JSON.stringify({ id: 'evt_compat_1', evento: 'pedido.criado', criadoEm: '2026-03-01T10:00:00-03:00', ambiente: 'producao', integracao: { id: 'int_1', nome: 'Loja' }, dados: { pedido: { id: 'ped_1', numero: 1, status: 'pendente', total: '10.00', criadoEm: '2026-03-01T10:00:00-03:00', atualizadoEm: '2026-03-01T10:00:00-03:00' } } });
const headers = await webhookSignatureHeaders(secret, body);
const first = await handler.handle(body, headers);
const again = await handler.handle(body, headers);
const unsigned = await handler.handle(body, {});
if (first.status !== 200 || seen.length !== 1 || unsigned.status !== 401) throw new Error(`unexpected: ${first.status} ${again.status} ${unsigned.status} ${seen.length}`);
if (parseWebhook(JSON.parse(body)).evento !== 'pedido.criado') throw new Error('parseWebhook');
await handler.close();
console.log(`webhooks: ${first.status} then ${again.status}, unsigned ${unsigned.status}`);
