import type { PartnerCommerce } from '../client.js';
import { callOperation, toolInput } from '../operations/call.js';
import type { Operation } from '../operations/operation.js';
import type { ResponseMeta } from '../transport/response-meta.js';
import type { RequestOptions } from '../transport/request-options.js';
import type { RatePriority } from '../transport/rate-limit/priority.js';
import { IDEMPOTENCY_KEY, newIdempotencyKey } from '../transport/idempotency.js';
import { transportOf } from '../transport/transport-of.js';
import { proseOf } from '../operations/prose/prose-of.js';
import { operationAnnotations } from './annotations.js';
import { errorBody } from './error-body.js';
import { outputSchemaOf } from './output-schema.js';
import { FIELDS_PROPERTY } from './projected-tool.js';
import { inputJsonSchema, toolName, type McpTool } from './tool.js';
import { toolResult, type ToolResult } from './tool-result.js';

/** Page size of a list tool that names none: a page a model can read whole, not the API's 50. */
export const DEFAULT_TOOL_PAGE = 20;

// Built once per row: the rows never change, and a stateless HTTP host (the CLI's `--http`) makes a
// server, hence every tool, per request (2.7 ms a server when each tool wrote its schema again).
const schemas = new WeakMap<Operation, Record<string, unknown>>();

/** @internal The JSON Schema of a row's input, wire form, as an MCP tool's `inputSchema`. */
export function inputSchemaOf(row: Operation): Record<string, unknown> {
  let schema = schemas.get(row);
  if (schema === undefined) schemas.set(row, (schema = buildInputSchema(row)));
  return schema;
}

function buildInputSchema(row: Operation): Record<string, unknown> {
  // The tool's own input: the row's fields and no other, so the schema says additionalProperties: false.
  const schema = inputJsonSchema(toolInput(row));
  const properties = { ...((schema['properties'] as Record<string, Record<string, unknown>> | undefined) ?? {}) };
  if (row.paged && properties['limite']) properties['limite'] = { ...properties['limite'], default: DEFAULT_TOOL_PAGE };
  properties['fields'] = FIELDS_PROPERTY;
  if (row.idempotency) {
    properties['idempotencyKey'] = {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: IDEMPOTENCY_KEY.source,
      description: 'Idempotency-Key to send: give the one a failed call returned to replay it safely; a fresh one is made when absent.',
    };
  }
  return { ...schema, type: 'object', properties };
}

function describe(row: Operation): string {
  return [
    `${proseOf(row).summary} (${row.method} ${row.route})`,
    row.paged ? `Returns ONE page: dados, proximoCursor, temMais; limite defaults to ${DEFAULT_TOOL_PAGE} (1 to 100); pass proximoCursor as cursor for the next page.` : '',
    row.idempotency ? 'Returns the idempotencyKey it sent: after a failure, call again with it to replay without doing the work twice.' : '',
    row.access === 'write' ? "Changes the partner's account." : '',
    row.sandboxOnly ? 'Sandbox simulator.' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** @internal Something a call may return: an ApiPromise (with its meta) or a list's first page. */
interface MetaCarrier {
  withMeta?: () => Promise<{ data: unknown; meta: ResponseMeta }>;
}
interface PageLike {
  dados: unknown[];
  proximoCursor: string | null;
  temMais: boolean;
  meta: ResponseMeta;
}

/**
 * @internal The tool of one operation row. Every call goes through `client` (its budget at `priority`,
 * retries, hooks); a paged list answers one page; an idempotent write sends the caller's
 * `idempotencyKey` or a fresh one, and returns it either way.
 */
export function operationTool(row: Operation, client: PartnerCommerce, priority: RatePriority): McpTool {
  return {
    name: toolName(row.id),
    description: describe(row),
    inputSchema: inputSchemaOf(row),
    outputSchema: outputSchemaOf(row),
    annotations: operationAnnotations(row),
    run: (args) => runOperation(row, client, priority, args),
  };
}

async function runOperation(row: Operation, client: PartnerCommerce, priority: RatePriority, args: Record<string, unknown>): Promise<ToolResult> {
  const input = { ...args };
  const options: RequestOptions = { priority };
  if (row.idempotency) {
    const given = input['idempotencyKey'];
    delete input['idempotencyKey'];
    // A key of the wrong type is passed on as given: the SDK refuses it, naming idempotencyKey.
    options.idempotencyKey = given === undefined ? newIdempotencyKey() : (given as string);
  }
  if (row.paged && input['limite'] === undefined) input['limite'] = DEFAULT_TOOL_PAGE;
  try {
    // The arguments are the row's input: the SDK method's own call, its checks and words, the tool's name on an unknown one.
    const call = callOperation(transportOf(client), row, input, options, { tool: toolName(row.id) }) as PromiseLike<unknown> & MetaCarrier;
    if (row.paged) {
      const page = (await call) as PageLike;
      return toolResult({ dados: page.dados, proximoCursor: page.proximoCursor, temMais: page.temMais, source: 'api', requestId: page.meta.requestId ?? null });
    }
    const { data, meta } = typeof call.withMeta === 'function' ? await call.withMeta() : { data: await call, meta: undefined };
    return toolResult({
      result: data ?? null,
      source: 'api',
      requestId: meta?.requestId ?? null,
      ...(meta?.idempotencyKey !== undefined ? { idempotencyKey: meta.idempotencyKey, idempotentReplayed: meta.idempotentReplayed } : {}),
    });
  } catch (err) {
    const body = errorBody(err);
    return toolResult(row.idempotency && body.idempotencyKey === undefined && body.codigo !== 'INVALID_INPUT' ? { ...body, idempotencyKey: options.idempotencyKey } : body, true);
  }
}
