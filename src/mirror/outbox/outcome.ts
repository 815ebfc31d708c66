import { isApiError } from '../../errors/api-error.js';
import { apiErrorFromResponse } from '../../errors/from-response.js';
import { InvalidInputError } from '../../errors/invalid-input-error.js';
import { UnexpectedResponseError } from '../../errors/unexpected-response-error.js';
import { PartnerCommerceError } from '../../errors/partner-commerce-error.js';
import { parseBody } from '../../transport/parse-body.js';
import type { OutboxOutcome, OutboxRow } from '../store/types.js';
import type { OutboxOperationSpec } from './operations.js';

/**
 * @internal How a send ended, as the row records it. Answers that end a creation for good: a 4xx
 * (other than 429 and 409 REQUISICAO_EM_ANDAMENTO), kept with the whole `erro` object so the same
 * ApiError can be rebuilt later; and an InvalidInputError, since the row's body and key never change.
 * A 2xx whose body the client's schema refused is still the server's success: the order or label
 * exists, so the row is `done` with that body (sending it again would only get the same answer), and
 * the caller gets the client's UnexpectedResponseError, now and on every later read of the row.
 * Anything else (no answer, 429, 5xx after the client's retries) leaves the row pending, same key.
 */
export function outcomeOf(err: unknown): OutboxOutcome {
  if (err instanceof UnexpectedResponseError && err.status >= 200 && err.status < 300 && err.body !== undefined) return { status: 'done', response: err.body };
  if (isApiError(err) && err.status >= 400 && err.status < 500 && err.status !== 429 && err.codigo !== 'REQUISICAO_EM_ANDAMENTO') {
    return { status: 'failed', error: { status: err.status, codigo: err.codigo, mensagem: err.mensagem, requestId: err.requestId, corpo: err.body } };
  }
  if (err instanceof InvalidInputError) return { status: 'failed', sent: false, error: { message: err.message, issues: err.issues } };
  return { status: 'pending', error: { message: err instanceof Error ? err.message : String(err) } };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * @internal The error a failed row stands for: the ApiError the client threw, rebuilt by the one
 * factory from the saved status and `erro` object (so `itens` and `pedido` come back); for a row that
 * failed without an answer from the server (or whose saved refusal is not one), a PartnerCommerceError
 * with the saved reason.
 */
export function refusalOf(spec: OutboxOperationSpec, row: OutboxRow): PartnerCommerceError {
  const saved = row.error;
  if (isRecord(saved) && Number.isInteger(saved.status) && (saved.status as number) >= 400 && (saved.status as number) < 500) {
    // A row without the whole `erro` (`corpo` absent) has only codigo, mensagem and requestId: rebuilt from those.
    const erro = isRecord(saved.corpo) ? saved.corpo : { codigo: saved.codigo, mensagem: saved.mensagem };
    const withRequestId = erro.requestId === undefined && typeof saved.requestId === 'string' ? { ...erro, requestId: saved.requestId } : erro;
    return apiErrorFromResponse(saved.status as number, new Headers(), JSON.stringify({ erro: withRequestId }), { method: spec.row.method, path: spec.row.route, idempotencyKey: row.key });
  }
  const reason = isRecord(saved) && typeof saved.message === 'string' ? saved.message : JSON.stringify(saved);
  return new PartnerCommerceError(`${spec.name} ${row.key} ended failed: ${reason}`, { idempotencyKey: row.key });
}

/**
 * @internal The answer of a done row, parsed with the resource's own schema (Money, timestamps), as
 * the client returns it. The row holds the answer as JSON; one that does not fit any more (a store
 * edited by hand, or a schema that changed between versions) is an UnexpectedResponseError naming
 * each field, as the client's would be. The row does not keep the HTTP status: 200 stands for it.
 */
export function answerOf(spec: OutboxOperationSpec, row: OutboxRow): unknown {
  const where = `${spec.row.method} ${spec.row.route} (${row.key}, answer saved in the outbox)`;
  return parseBody(JSON.stringify(row.response ?? null), 200, spec.schema(), where, { requestId: undefined, idempotencyKey: row.key }).data;
}
