import * as z from 'zod/mini';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { once } from '../internal/once.js';
import { described, nonEmptyText } from '../models/requests/text.js';
import { buildPath, isSandboxOnlyPath } from '../transport/path.js';
import type { HttpMethod } from '../transport/transport.js';
import type { ListOperation, ModelSchema, Operation } from './operation.js';

// Builders that keep each row of the table to what is particular to it. What can be read off the row
// itself is not written twice: the path parameters are the route's placeholders, a sandbox-only row is
// one under /v1/sandbox/ (where the transport refuses a production token), a GET is a read.

/** @internal What a row states; the builder derives the rest. */
export interface RowSpec<T> extends Pick<Operation<T>, 'id' | 'route' | 'source' | 'query' | 'uploadTypes'> {
  readonly method: HttpMethod;
  /** Defaults to `[200]`, or `[204]` without `response`. */
  readonly statuses?: Operation['statuses'] | undefined;
  /** Defaults to `read` for GET and `write` otherwise; a POST that changes nothing says `read`. */
  readonly access?: Operation['access'] | undefined;
  readonly idempotency?: boolean | undefined;
  readonly body?: Operation['body'];
  readonly response?: (() => ModelSchema<T>) | undefined;
  /**
   * Fields of the input after the path parameters (`valor`, `arquivo`...). Defaults to `{ body }` when
   * `body` is a schema: the method takes the body whole. When they are the body schema's own fields,
   * they are what is sent as the body.
   */
  readonly fields?: (() => Record<string, z.ZodMiniType>) | undefined;
}

/** @internal The `{name}` placeholders of a route, in order. */
export function placeholders(route: string): string[] {
  return [...route.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
}

/** What each path parameter is, for the JSON Schema of a row's input (an `id` is the record the route names). */
const PARAM_DESCRIPTIONS: Readonly<Record<string, string>> = {
  id: 'Id of the record the route names',
  sku: 'Sku of a catalog product',
  pedidoId: 'Id of the order',
  itemId: 'Id of the order item',
  rastreioId: 'Id of the tracking code',
  anexoId: 'Id of the attachment (payment proof)',
  despesaId: 'Id of the expense',
  etiquetaId: 'Id of the label',
  bannerId: 'Id of the storefront banner',
};

/**
 * A path parameter as the transport takes it (non-empty, not `.` or `..`, valid Unicode): the transport's
 * own check runs here, so a caller validating the input first is told the same thing, naming the field.
 */
function pathParam(name: string, route: string): z.ZodMiniType<string> {
  const schema = nonEmptyText().check(
    z.superRefine((value, ctx) => {
      if (value === '') return; // minLength already says it
      try {
        buildPath(`{${name}}`, { [name]: value });
      } catch (err) {
        if (!(err instanceof InvalidInputError)) throw err;
        ctx.addIssue({ code: 'custom', message: err.issues[0]?.message ?? 'is not a valid path parameter', input: value });
      }
    }),
  );
  return described(schema, `${PARAM_DESCRIPTIONS[name] ?? `The ${name} of the route`} (path parameter of ${route})`);
}

/** The fields of a method that takes its JSON body whole, as its `body` argument. */
function wholeBody(body: Operation['body']): RowSpec<unknown>['fields'] {
  return typeof body === 'function' ? () => ({ body: body() }) : undefined;
}

/**
 * @internal One non-paged operation: its input is the path parameters (non-empty strings), then `fields`,
 * then the `query` filters spread at the top as a list's are (the input is then loose, as a list's is).
 */
export function row<T = void>(spec: RowSpec<T>): Operation<T> {
  const pathParams = placeholders(spec.route);
  const { fields = wholeBody(spec.body), access, idempotency, statuses, ...rest } = spec;
  const input = once(() => {
    const shape = { ...Object.fromEntries(pathParams.map((name) => [name, pathParam(name, spec.route)])), ...fields?.() };
    return spec.query ? z.looseObject({ ...shape, ...spec.query().shape }) : z.object(shape);
  });
  // Named fields that are the body schema's own (`valor`, `status`, `sku`) are sent as the body. Read at
  // the first call, not at import: `fields()` builds zod schemas, and importing the SDK builds none.
  const fieldNames = once(() => (typeof spec.body === 'function' && spec.fields !== undefined ? Object.keys(spec.fields()) : []));
  return {
    ...rest,
    statuses: statuses ?? (spec.response ? [200] : [204]),
    access: access ?? (spec.method === 'GET' ? 'read' : 'write'),
    sandboxOnly: isSandboxOnlyPath(spec.route),
    pathParams,
    paged: false,
    idempotency: idempotency ?? false,
    get bodyFields() {
      const names = fieldNames();
      return names.length > 0 ? names : undefined;
    },
    input,
  };
}

const LIMITE = 'must be an integer from 1 to 100';
const CURSOR = 'must be a non-empty string (a proximoCursor from an earlier page)';

/** @internal The filters every list takes, as the SDK checks them before sending (the OpenAPI document's page parameters). */
export function pageFields() {
  return {
    limite: described(z.optional(z.int({ error: LIMITE }).check(z.minimum(1, { error: LIMITE }), z.maximum(100, { error: LIMITE }))), 'Page size, 1 to 100'),
    cursor: described(z.optional(z.string({ error: CURSOR }).check(z.minLength(1, { error: CURSOR }))), "The previous page's proximoCursor, to read the next page (valid only with the same filters)"),
  };
}

/** @internal Filters the spec does not show: every one passes through to the query, as the SDK sends them. */
export const noFilters = once(() => z.looseObject({}));

/** @internal One paged list (GET, a read): its input is `limite`, `cursor` and the `query` filters, loose. */
export function listRow<T>(spec: Pick<Operation<T>, 'id' | 'route' | 'source'> & { item: () => ModelSchema<T>; query?: () => z.ZodMiniObject }): ListOperation<T> {
  const { item, query = noFilters, ...rest } = spec;
  return {
    ...rest,
    statuses: [200],
    method: 'GET',
    access: 'read',
    sandboxOnly: false,
    pathParams: [],
    query,
    paged: true,
    idempotency: false,
    response: item,
    input: once(() => z.looseObject({ ...pageFields(), ...query().shape })),
  };
}

const ARQUIVO = 'must be a Blob or File, a Uint8Array, Buffer or ArrayBuffer, or a non-empty file path';

/**
 * @internal The input of an upload: the file (a tool passes the path of a local file; an SDK caller may
 * pass a Blob or the bytes too, which the resource reads) sent in field `arquivo`, and the name to send it under.
 */
export function uploadFields(): Record<string, z.ZodMiniType> {
  const arquivo = z
    .custom<unknown>((value) => (typeof value === 'string' ? value !== '' : typeof value === 'object' && value !== null && !Array.isArray(value)), { error: ARQUIVO })
    // The wire side a tool sees: a path. The SDK's Blob and bytes are not JSON and have no JSON Schema.
    .register(z.globalRegistry, { type: 'string', minLength: 1, description: 'Path of a local file to upload; the type is read from its content' });
  return {
    arquivo,
    nomeArquivo: described(z.optional(nonEmptyText()), "File name sent with the upload (default: the path's last segment)"),
  };
}
