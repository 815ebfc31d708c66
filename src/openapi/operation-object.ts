import { pageEnvelopeSchema } from '../models/pagination.js';
import { pedidoCriarBodySchema } from '../models/requests/pedido.js';
import type { ModelSchema, Operation } from '../operations/operation.js';
import type { JsonObject, JsonSchema } from './json-types.js';
import { answerHeaders, ref } from './shared-components.js';
import type { WireSchemas } from './wire-schemas.js';
import { ORDER_BODY_EXAMPLE } from './examples.js';
import { MARK } from './marks.js';

export { MARK };

/** Where an inferred path's reading is explained. */
export const ENDPOINTS_DOC = 'https://github.com/partner-commerce/partner-commerce/blob/main/docs/endpoints.md';

/** The resource a row belongs to, its tag: the first part of its id (`pedidos` of `pedidos.rastreios.adicionar`). */
export const tagOf = (row: Operation): string => row.id.split('.')[0] as string;

/**
 * The schemas of one row, each built once: a row's functions may build a new schema on every call, and
 * the document finds a schema by identity (a record is then a $ref), so each is asked for once.
 */
export interface RowModels {
  readonly query?: ModelSchema | undefined;
  readonly body?: ModelSchema | 'multipart' | undefined;
  /** The success body as sent: the page envelope for a list. */
  readonly success?: ModelSchema | undefined;
}

/** The models of `row`; a list's item is wrapped in its page (`dados`, `paginacao`). */
export function rowModels(row: Operation): RowModels {
  const item = row.response?.();
  return {
    query: row.query?.(),
    body: typeof row.body === 'function' ? row.body() : row.body,
    success: item === undefined ? undefined : row.paged ? pageEnvelopeSchema(item) : item,
  };
}

/** Every schema of `models` besides 'multipart', to be written in the same pass as the records. */
export const schemasOf = (models: RowModels): ModelSchema[] =>
  [models.query, models.body, models.success].filter((s): s is ModelSchema => s !== undefined && s !== 'multipart');

// Page parameters of every list (the spec's "Pagination and incremental sync").
const PAGE_PARAMETERS = ['limite', 'cursor'];

function queryParameters(row: Operation, query: ModelSchema | undefined, wire: WireSchemas): JsonObject[] {
  const page = row.paged ? PAGE_PARAMETERS.map((name) => ref('parameters', name)) : [];
  if (!query) return page;
  const schema = wire.at(query);
  const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema['required'] ?? []) as string[]);
  const filters = Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
  return [...page, ...filters];
}

function requestBody(body: RowModels['body'], wire: WireSchemas): JsonObject | undefined {
  if (body === undefined) return undefined;
  if (body === 'multipart') return { $ref: '#/components/requestBodies/Upload' };
  // The order body is not shown by the spec: its example is the local sandbox's reading, and says so.
  const example: JsonObject = body === pedidoCriarBodySchema()
    ? { examples: { pedido: { summary: 'An order of two pairs, as the local sandbox accepts it (not from the spec)', value: ORDER_BODY_EXAMPLE } } }
    : {};
  return { required: true, content: { 'application/json': { schema: wire.at(body), ...example } } };
}

// What each success status means, for a reader of the document.
const SUCCESS_TEXT: Record<number, string> = {
  200: 'Success.',
  201: 'Created.',
  204: 'Success, no content.',
};

/** One success answer; a creation the spec states no status for says both are possible. */
function successAnswer(row: Operation, status: number, headers: JsonObject, content: JsonObject | undefined): JsonObject {
  const either = row.statuses.length > 1 ? ' The spec states no status for this creation: the local sandbox answers 201, the server may answer 200 or 201, both with the record.' : '';
  const text = row.paged ? 'One page of the list.' : (SUCCESS_TEXT[status] ?? 'Success.');
  return { description: `${text}${either}`, headers, ...(content ? { content } : {}) };
}

/**
 * The OpenAPI operation of one row: its parameters (path, query, Idempotency-Key), body, answers
 * (success, the shared error answers) and the document's marks. `sandbox` is the sandbox server, the
 * only one a simulator has.
 */
export function operationObject(row: Operation, models: RowModels, wire: WireSchemas, sandbox: JsonObject): JsonObject {
  const path = row.pathParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string', minLength: 1 } }));
  const idempotency = row.idempotency ? [ref('parameters', 'IdempotencyKeyRequired')] : row.access === 'write' ? [ref('parameters', 'IdempotencyKeyOptional')] : [];
  const body = requestBody(models.body, wire);
  const successHeaders = answerHeaders(row.idempotency ? ['Idempotent-Replayed'] : []);
  const content = models.success ? { 'application/json': { schema: wire.at(models.success) } } : undefined;
  const successes = Object.fromEntries(row.statuses.map((status) => [String(status), successAnswer(row, status, successHeaders, content)]));
  return {
    operationId: row.id,
    summary: row.summary,
    description: row.description,
    tags: [tagOf(row)],
    parameters: [...path, ...queryParameters(row, models.query, wire), ...idempotency],
    ...(body ? { requestBody: body } : {}),
    responses: { ...successes, '429': ref('responses', 'LimiteExcedido'), '4XX': ref('responses', 'Erro'), '5XX': ref('responses', 'Erro') },
    // A simulator answers 404 ROTA_NAO_ENCONTRADA on production: only the sandbox server serves it.
    ...(row.sandboxOnly ? { servers: [sandbox] } : {}),
    ...(row.source === 'inferred' ? { [`${MARK}-path-source`]: 'inferred', [`${MARK}-path-reasoning`]: ENDPOINTS_DOC } : {}),
    ...(row.sandboxOnly ? { [`${MARK}-sandbox-only`]: true } : {}),
  };
}
