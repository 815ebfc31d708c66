import type * as z from 'zod/mini';
import type { HttpMethod } from '../transport/transport.js';

/**
 * Where a path comes from: spelled out by the spec (`stated`), or the SDK's reading of an operation
 * the spec only names (`inferred`, with the reasoning in docs/endpoints.md).
 */
export type PathSource = 'stated' | 'inferred';

/** A success status an operation may answer. */
export type SuccessStatus = 200 | 201 | 204;

/** A zod/mini schema of the package's models (the wire form is its input side). */
export type ModelSchema<T = unknown> = z.ZodMiniType<T>;

/**
 * @internal One API operation, defined once: the resource method, the MCP tool and the outbox call it
 * through `callOperation` (operations/call.ts), and the OpenAPI document and JSON Schemas read it, so
 * none of them can drift from what the SDK sends. `T` is what a call resolves to (one item of a list).
 */
export interface Operation<T = unknown> {
  /** The SDK method, `resource.method` (`pedidos.obter`): the OpenAPI operationId; the MCP tool name with `_` for `.`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Route template with `{name}` placeholders, as the resource sends it. */
  readonly route: string;
  readonly source: PathSource;
  /** `read` changes nothing on the server; `write` creates, changes or removes something. */
  readonly access: 'read' | 'write';
  /** A sandbox simulator: the SDK refuses it with a production token. */
  readonly sandboxOnly: boolean;
  /** Path parameters, in the route's order, which is also the method's argument order. */
  readonly pathParams: readonly string[];
  /** Filters other than paging, sent in the query (lists add `limite` and `cursor` when `paged`). */
  readonly query?: (() => z.ZodMiniObject) | undefined;
  /** A list answered in the page envelope (`dados`, `paginacao`); `response` is then one item. */
  readonly paged: boolean;
  /** The JSON request body; `multipart` for an upload (described in docs/uploads.md). */
  readonly body?: (() => ModelSchema) | 'multipart' | undefined;
  /**
   * The file types an upload's `arquivo` may be, when the local sandbox accepts fewer than any (the
   * storefront's images: JPEG or PNG). The spec does not show them: the document states them as the
   * local sandbox's rule, marked; the SDK sends any file and the server decides.
   */
  readonly uploadTypes?: readonly string[] | undefined;
  /** Always sends an Idempotency-Key (a fresh one unless the caller gives theirs). */
  readonly idempotency: boolean;
  /**
   * Every success status the operation may answer: 201 where the spec states it (the ledger
   * simulator); both 200 and 201 for a creation the spec states no status for (the local sandbox
   * answers 201, the real server may answer either); else 200, or 204 without `response`. The SDK
   * reads any 2xx alike; the OpenAPI document declares each of these.
   */
  readonly statuses: readonly SuccessStatus[];
  /** The success body (one item for a paged list); absent for 204 No Content. */
  readonly response?: (() => ModelSchema<T>) | undefined;
  /**
   * The input fields sent as the JSON body when the method takes them one by one (`valor`, `status`);
   * absent when the body is the input's `body` field whole, or there is none.
   */
  readonly bodyFields?: readonly string[] | undefined;
  /**
   * The tool's (and the tests') input: one field per argument of the SDK method, named as the method
   * names it (`sku`, `body`, `valor`), with a list's filters spread at the top (`limite`, `cursor`...).
   * Its output side is what SDK callers pass (a Money, a Date), its input side the wire form: a call
   * encodes the input with it, so the body and query sent are that wire form.
   */
  readonly input: () => z.ZodMiniObject;
}

/** @internal A paged list's row: calling it gives a PagePromise of `T`. */
export interface ListOperation<T = unknown> extends Operation<T> {
  readonly paged: true;
}
