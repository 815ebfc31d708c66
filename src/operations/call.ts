import * as z from 'zod/mini';
import { inputIssuesOf } from '../errors/check-options.js';
import { InvalidInputError, type InputIssue } from '../errors/invalid-input-error.js';
import { explainWith } from '../internal/zod-issue.js';
import { paginate } from '../pagination/paginate.js';
import type { PagePromise } from '../pagination/page-promise.js';
import { ApiPromise } from '../transport/api-promise.js';
import type { QueryValue } from '../transport/query.js';
import type { RequestOptions } from '../transport/request-options.js';
import type { Transport } from '../transport/transport.js';
import { noContent } from './no-content.js';
import type { ListOperation, Operation } from './operation.js';

/** @internal How a call differs from a resource method's plain one. */
export interface CallHow {
  /** An upload's multipart body, read from what the caller gave (a Blob, bytes or a path) after the input is checked. */
  readonly bodyFrom?: (() => Promise<unknown>) | undefined;
  /**
   * The MCP tool making the call: its arguments are the row's input exactly, so one the row does not
   * name (`limit` for `limite`) is refused, naming it, where an SDK list passes unknown filters through.
   */
  readonly tool?: string | undefined;
}

/** @internal The row's input as an MCP tool takes it: the same fields, and no other. Built once per row. */
const strictInputs = new WeakMap<Operation, z.ZodMiniObject>();
export function toolInput(row: Operation): z.ZodMiniObject {
  let schema = strictInputs.get(row);
  if (schema === undefined) strictInputs.set(row, (schema = z.strictObject(row.input().shape)));
  return schema;
}

/** Whether the row's method takes its JSON body whole, as the input's `body` field. */
const takesWholeBody = (row: Operation): boolean => typeof row.body === 'function' && row.bodyFields === undefined;

/**
 * @internal The input in its wire form (money as `"129.90"`, a Date as its ISO string), or ONE
 * InvalidInputError naming every refused field. A method that takes its body whole names the body's
 * fields without the `body.` in front (`referenciaExterna`), as a caller of `pedidos.criar(body)` wrote them.
 */
export function encodeInput(row: Operation, input: unknown, tool?: string): Record<string, unknown> {
  const schema = tool === undefined ? row.input() : toolInput(row);
  const quick = z.safeEncode(schema, (input ?? {}) as never);
  if (quick.success) return quick.data;
  // Again with English words, only now: an error map slows every encode down.
  const error = z.safeEncode(schema, (input ?? {}) as never, { error: explainWith() }).error ?? quick.error;
  const issues = inputIssuesOf(error, schema, tool === undefined ? row.id : `the ${tool} tool`);
  throw new InvalidInputError(takesWholeBody(row) ? issues.map(withoutBodyPrefix) : issues);
}

function withoutBodyPrefix(issue: InputIssue): InputIssue {
  return issue.path.startsWith('body.') ? { ...issue, path: issue.path.slice('body.'.length) } : issue;
}

/** The request's parts, read off the row: path parameters, JSON body, query filters. */
function partsOf(row: Operation, encoded: Record<string, unknown>) {
  const params = Object.fromEntries(row.pathParams.map((name) => [name, encoded[name] as string]));
  const bodyKeys = typeof row.body === 'function' ? (row.bodyFields ?? ['body']) : [];
  const body = typeof row.body !== 'function' ? undefined : row.bodyFields ? Object.fromEntries(row.bodyFields.map((name) => [name, encoded[name]])) : encoded['body'];
  const taken = new Set([...row.pathParams, ...bodyKeys]);
  const query = row.query ? (Object.fromEntries(Object.entries(encoded).filter(([name]) => !taken.has(name))) as Record<string, QueryValue>) : undefined;
  return { params, body, query };
}

/**
 * @internal Calls one operation from its row, the one definition of it: every resource method, MCP
 * tool and the outbox go through here. `input` is what the row's `input()` describes (path parameters,
 * `body` or the named body fields, a list's filters). It is checked and encoded inside the call, so a
 * bad input rejects the call's promise with one InvalidInputError naming every field, nothing sent.
 * A paged row gives the PagePromise of its items; any other the ApiPromise of its answer.
 */
export function callOperation<T>(transport: Transport, row: ListOperation<T>, input: unknown, options?: RequestOptions, how?: CallHow): PagePromise<T>;
export function callOperation<T>(transport: Transport, row: Operation<T>, input: unknown, options?: RequestOptions, how?: CallHow): ApiPromise<T>;
export function callOperation<T>(transport: Transport, row: Operation<T>, input: unknown, options?: RequestOptions, how: CallHow = {}): ApiPromise<T> | PagePromise<T> {
  if (row.paged && row.response) {
    const given = (input ?? {}) as { cursor?: unknown };
    return paginate(transport, {
      operation: row.id,
      route: row.route,
      query: () => encodeInput(row, input, how.tool) as Record<string, QueryValue>,
      cursor: typeof given.cursor === 'string' ? given.cursor : undefined,
      item: row.response(),
      options,
    });
  }
  const run = async () => {
    const { params, body, query } = partsOf(row, encodeInput(row, input, how.tool));
    if (row.body === 'multipart' && how.bodyFrom === undefined) throw new InvalidInputError({ path: 'arquivo', message: 'an upload is sent by its SDK method, which reads the file' });
    const schema = (row.response ? row.response() : noContent()) as z.ZodMiniType<T>;
    return transport
      .call({ operation: row.id, method: row.method, route: row.route, params, query, body, bodyFrom: how.bodyFrom, idempotency: row.idempotency ? 'required' : undefined, schema, options })
      .withMeta();
  };
  return new ApiPromise(run());
}
