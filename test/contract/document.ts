// The shipped OpenAPI document (dist/openapi.json) as the contract checks read it: its operations,
// which one a request is, and the schema each answer must match. Read from the built file, never
// from the SDK's source: the checks judge what a partner gets.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** A JSON Schema object (or boolean) of the document. */
export type Schema = Record<string, unknown> | boolean;

/** One operation of the document. */
export interface DocOperation {
  /** The operationId, the SDK method's name (`pedidos.criar`). */
  readonly id: string;
  readonly method: string;
  /** The route template, `/v1/pedidos/{id}`. */
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly queryParams: readonly { name: string; required: boolean; schema: Schema }[];
  readonly headerParams: readonly { name: string; required: boolean }[];
  /** The request body's media types and schemas, when it takes one. */
  readonly body?: { readonly required: boolean; readonly content: Readonly<Record<string, Schema>> } | undefined;
  /** The declared answers by status key (`200`, `204`, `4XX`...). */
  readonly responses: Readonly<Record<string, { readonly content?: Readonly<Record<string, Schema>> | undefined }>>;
  readonly pattern: RegExp;
}

/**
 * The path of the document the checks judge: the build's, or `CONTRACT_DOCUMENT` (the self-check hands
 * them a tampered copy, to prove each check fails on a document that is wrong).
 */
export const DOCUMENT_PATH = resolve(process.env['CONTRACT_DOCUMENT'] ?? resolve(import.meta.dirname, '../../dist/openapi.json'));

/** The document, parsed; fails with a hint when the build has not run. */
export function loadDocument(path = DOCUMENT_PATH): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new Error(`cannot read ${path} (run npm run build first): ${(err as Error).message}`, { cause: err });
  }
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Every operation of the document, in its order. */
export function operationsOf(doc: Record<string, unknown>): DocOperation[] {
  const paths = (doc['paths'] ?? {}) as Record<string, Record<string, unknown>>;
  const operations: DocOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    const shared = (item['parameters'] ?? []) as unknown[];
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (op === undefined) continue;
      const params = [...shared, ...((op['parameters'] ?? []) as unknown[])].map((p) => deref(doc, p) as Record<string, unknown>);
      const of = (where: string) => params.filter((p) => p['in'] === where);
      const body = op['requestBody'] === undefined ? undefined : (deref(doc, op['requestBody']) as Record<string, unknown>);
      operations.push({
        id: String(op['operationId']),
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string),
        queryParams: of('query').map((p) => ({ name: String(p['name']), required: p['required'] === true, schema: (p['schema'] ?? true) as Schema })),
        headerParams: of('header').map((p) => ({ name: String(p['name']), required: p['required'] === true })),
        body: body === undefined ? undefined : { required: body['required'] === true, content: mediaSchemas(doc, body['content']) },
        responses: Object.fromEntries(
          Object.entries((op['responses'] ?? {}) as Record<string, unknown>).map(([status, r]) => {
            const response = deref(doc, r) as Record<string, unknown>;
            return [status, { content: response['content'] === undefined ? undefined : mediaSchemas(doc, response['content']) }];
          }),
        ),
        pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      });
    }
  }
  return operations;
}

/**
 * The operation a request is, by method and path; a route of fixed segments wins over one with a
 * placeholder there (`/v1/pedidos/validar` is not `/v1/pedidos/{id}`), as in OpenAPI's matching.
 */
export function matchOperation(operations: readonly DocOperation[], method: string, pathname: string): DocOperation | undefined {
  const candidates = operations.filter((op) => op.method === method.toUpperCase() && op.pattern.test(pathname));
  return candidates.sort((a, b) => a.pathParams.length - b.pathParams.length)[0];
}

/**
 * The declared answer for a status: the exact code, else its range (`4XX`), else `default`;
 * undefined when the document does not declare it.
 */
export function declaredResponse(op: DocOperation, status: number): { key: string; content?: Readonly<Record<string, Schema>> | undefined } | undefined {
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
    const response = op.responses[key];
    if (response !== undefined) return { key, ...response };
  }
  return undefined;
}

function mediaSchemas(doc: Record<string, unknown>, content: unknown): Record<string, Schema> {
  return Object.fromEntries(Object.entries((content ?? {}) as Record<string, Record<string, unknown>>).map(([type, media]) => [type, (media['schema'] ?? true) as Schema]));
}

/** Follows a local `$ref` (`#/components/...`) once; anything else is returned as it is. */
export function deref(doc: Record<string, unknown>, value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const ref = (value as Record<string, unknown>)['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return value;
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return deref(doc, node);
}
