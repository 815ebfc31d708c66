import * as z from 'zod/mini';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { once } from '../internal/once.js';
import { nonEmptyText } from '../models/requests/text.js';
import { buildPath, isSandboxOnlyPath } from '../transport/path.js';
import type { HttpMethod } from '../transport/transport.js';
import type { ModelSchema, Operation } from './operation.js';

// Builders that keep each row of the table to what is particular to it. What can be read off the row
// itself is not written twice: the path parameters are the route's placeholders, a sandbox-only row is
// one under /v1/sandbox/ (where the transport refuses a production token), a GET is a read.

/** @internal What a row states; the builder derives the rest. */
export interface RowSpec extends Pick<Operation, 'id' | 'route' | 'source' | 'summary' | 'description' | 'invoke' | 'query'> {
  readonly method: HttpMethod;
  /** Defaults to `[200]`, or `[204]` without `response`. */
  readonly statuses?: Operation['statuses'] | undefined;
  /** Defaults to `read` for GET and `write` otherwise; a POST that changes nothing says `read`. */
  readonly access?: Operation['access'] | undefined;
  readonly idempotency?: boolean | undefined;
  readonly body?: Operation['body'];
  readonly response?: Operation['response'];
  /**
   * Fields of the input after the path parameters (`valor`, `arquivo`...). Defaults to `{ body }` when
   * `body` is a schema: the method takes the body whole.
   */
  readonly fields?: (() => Record<string, z.ZodMiniType>) | undefined;
}

/** @internal The `{name}` placeholders of a route, in order. */
export function placeholders(route: string): string[] {
  return [...route.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
}

/**
 * A path parameter as the transport takes it (non-empty, not `.` or `..`, valid Unicode): the transport's
 * own check runs here, so a caller validating the input first is told the same thing, naming the field.
 */
function pathParam(name: string): z.ZodMiniString<string> {
  return nonEmptyText().check(
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
}

/** The fields of a method that takes its JSON body whole, as its `body` argument. */
function wholeBody(body: RowSpec['body']): RowSpec['fields'] {
  return typeof body === 'function' ? () => ({ body: body() }) : undefined;
}

/**
 * @internal One non-paged operation: its input is the path parameters (non-empty strings), then `fields`,
 * then the `query` filters spread at the top as a list's are (the input is then loose, as a list's is).
 */
export function row(spec: RowSpec): Operation {
  const pathParams = placeholders(spec.route);
  const { fields = wholeBody(spec.body), access, idempotency, statuses, ...rest } = spec;
  return {
    ...rest,
    statuses: statuses ?? (spec.response ? [200] : [204]),
    access: access ?? (spec.method === 'GET' ? 'read' : 'write'),
    sandboxOnly: isSandboxOnlyPath(spec.route),
    pathParams,
    paged: false,
    idempotency: idempotency ?? false,
    input: once(() => {
      const shape = { ...Object.fromEntries(pathParams.map((name) => [name, pathParam(name)])), ...fields?.() };
      return spec.query ? z.looseObject({ ...shape, ...spec.query().shape }) : z.object(shape);
    }),
  };
}

/** @internal The filters every list takes, as the SDK checks them before sending (the OpenAPI document's page parameters). */
export function pageFields() {
  return { limite: z.optional(z.int().check(z.minimum(1), z.maximum(100))), cursor: z.optional(nonEmptyText()) };
}

/** @internal Filters the spec does not show: every one passes through to the query, as the SDK sends them. */
export const noFilters = once(() => z.looseObject({}));

/** @internal One paged list (GET, a read): its input is `limite`, `cursor` and the `query` filters, loose. */
export function listRow(spec: Pick<Operation, 'id' | 'route' | 'source' | 'summary' | 'description' | 'invoke'> & { item: () => ModelSchema; query?: () => z.ZodMiniObject }): Operation {
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

/**
 * @internal The input of an upload: the path of a local file (the SDK reads it and sends it in field
 * `arquivo`), and the name to send it under. A tool caller cannot pass bytes, hence a path.
 */
export function uploadFields(): Record<string, z.ZodMiniType> {
  return {
    arquivo: nonEmptyText().register(z.globalRegistry, { description: 'Path of a local file to upload; the type is read from its content' }),
    nomeArquivo: z.optional(nonEmptyText()),
  };
}

/** @internal A string argument of the input (already checked by `input()` when the caller validated it). */
export function text(input: Record<string, unknown>, name: string): string {
  return input[name] as string;
}
