import { pageEnvelopeSchema } from '../models/pagination.js';
import { localSandboxNote, SOURCE_MARK } from '../models/requests/text.js';
import type { ModelSchema, Operation } from '../operations/operation.js';
import { proseOf } from '../operations/prose/prose-of.js';
import type { JsonObject, JsonSchema } from './json-types.js';
import { answerHeaders, ref, REQUEST_BODIES } from './shared-components.js';
import type { WireSchemas } from './wire-schemas.js';
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
export const schemasOf = (models: RowModels): ModelSchema[] => [models.query, models.body, models.success].filter((s): s is ModelSchema => s !== undefined && s !== 'multipart');

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

function requestBody(row: Operation, body: RowModels['body'], wire: WireSchemas): JsonObject | undefined {
  if (body === undefined) return undefined;
  if (body === 'multipart') return row.uploadTypes ? typedUpload(row.uploadTypes) : { $ref: '#/components/requestBodies/Upload' };
  const schema = wire.at(body);
  // A body shaped by the local sandbox's rules (the spec does not show it) shows its example, and says whose.
  const examples = schema[SOURCE_MARK] === 'local-sandbox' && Array.isArray(schema['examples']) ? schema['examples'] : [];
  const example: JsonObject = examples.length > 0 ? { examples: { localSandbox: { summary: 'A body the local sandbox accepts (its rules, not from the spec)', value: examples[0] ?? null } } } : {};
  return { required: true, content: { 'application/json': { schema, ...example } } };
}

/**
 * The shared upload, for a row whose file types the local sandbox narrows: the types in the multipart
 * `encoding` of part `arquivo` (what generators and fuzzers read), marked as the sandbox's rule.
 */
function typedUpload(types: readonly string[]): JsonObject {
  const upload = REQUEST_BODIES['Upload'] as JsonObject;
  const media = (upload['content'] as JsonObject)['multipart/form-data'] as JsonObject;
  return {
    ...upload,
    description: `${upload['description'] as string} ${localSandboxNote(`takes only ${types.join(' or ')} here (400 VALIDACAO otherwise)`)}`,
    content: { 'multipart/form-data': { ...media, encoding: { arquivo: { contentType: types.join(', ') } } } },
    [SOURCE_MARK]: 'local-sandbox',
  };
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
  const body = requestBody(row, models.body, wire);
  const successHeaders = answerHeaders(row.idempotency ? ['Idempotent-Replayed'] : []);
  const content = models.success ? { 'application/json': { schema: wire.at(models.success) } } : undefined;
  const successes = Object.fromEntries(row.statuses.map((status) => [String(status), successAnswer(row, status, successHeaders, content)]));
  return {
    operationId: row.id,
    ...proseOf(row),
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
