import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { InvalidInputError } from '../../index.js';
import type { FakeApi } from '../../testing/index.js';
import { CliFailure } from '../exit-codes.js';
import { checkProductPlan } from '../products/check-plan.js';
import { PRODUCT_TRIGGER_PATH, SANDBOX_CONTROL_HEADER, type ProductTriggerPlan, type ProductTriggerReport } from '../products/product-trigger.js';
import type { NoticeGate } from './notice-gate.js';
import { PlanRefused, runProductPlan } from './product-changes.js';

/**
 * The local sandbox's own route, beside the fake API: `POST /_partner-commerce/produtos` with a
 * {@link ProductTriggerPlan} changes the catalog through the testing kit's driver (`fake.catalog`), as
 * the supplier would, and answers a {@link ProductTriggerReport}. The real API has no such route (the
 * supplier changes its catalog itself), so it lives outside `/v1` and only here. It takes the same
 * Bearer tokens as the fake and, since it makes the sandbox send signed notices, also the sandbox's
 * own `controlSecret` in {@link SANDBOX_CONTROL_HEADER}; it answers errors in the API's format, and
 * is not rate limited.
 */
export function withControlRoute(fake: FakeApi, gate: NoticeGate, controlSecret: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== PRODUCT_TRIGGER_PATH) return fake.handle(request);
    const requestId = `req_${randomUUID()}`;
    if (request.method !== 'POST') return error(405, 'METODO_NAO_PERMITIDO', `Use POST ${PRODUCT_TRIGGER_PATH}.`, requestId);
    if (!/^Bearer svc_sbx_\S+$/.test(request.headers.get('authorization') ?? '')) return error(401, 'TOKEN_INVALIDO', 'Token ausente ou inválido (svc_sbx_...).', requestId);
    if (!sameSecret(request.headers.get(SANDBOX_CONTROL_HEADER), controlSecret)) {
      return error(403, 'SEGREDO_DE_CONTROLE_INVALIDO', `Cabeçalho ${SANDBOX_CONTROL_HEADER} ausente ou inválido: use o segredo de controle que o sandbox imprime ao iniciar.`, requestId);
    }
    let plan: ProductTriggerPlan;
    try {
      plan = checkProductPlan((await request.json()) as ProductTriggerPlan);
    } catch (err) {
      return error(400, 'VALIDACAO', err instanceof InvalidInputError || err instanceof CliFailure || err instanceof SyntaxError ? err.message : String(err), requestId);
    }
    try {
      const { result, notices, duplicates } = await gate.batch(
        async () => {
          const outcome = await runProductPlan(fake.catalog, plan);
          // Stock notices of a trigger go out now, not after the stock delay, so the batch holds them.
          if (plan.evento === 'produto.estoque_atualizado') await fake.flushWebhooks();
          return outcome;
        },
        { shuffle: plan.shuffle === true, dup: plan.dup ?? 0, seed: plan.seed ?? 0 },
      );
      const report: ProductTriggerReport = { evento: plan.evento, changes: result.changes, notices, duplicates, shuffled: plan.shuffle === true, skus: result.skus };
      return json(200, report, requestId);
    } catch (err) {
      if (err instanceof PlanRefused || err instanceof TypeError) return error(400, 'VALIDACAO', err.message, requestId);
      throw err;
    }
  };
}

/** Compared in constant time, through digests so different lengths compare too. */
function sameSecret(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function json(status: number, body: unknown, requestId: string): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId } });
}

function error(status: number, codigo: string, mensagem: string, requestId: string): Response {
  return json(status, { erro: { codigo, mensagem, detalhes: [], requestId } }, requestId);
}
