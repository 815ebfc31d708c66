import * as z from 'zod/mini';
import { pageFields } from '../operations/row.js';
import { IDEMPOTENCY_KEY } from '../transport/idempotency.js';
import type { JsonObject } from './json-types.js';
import { componentRef } from './wire-schemas.js';

/** A reference to a shared component. */
export const ref = (kind: 'parameters' | 'responses' | 'headers', name: string): JsonObject => ({ $ref: `#/components/${kind}/${name}` });

/** The headers every answer carries (the spec's "Limits" and "General conventions"). */
const EVERY_ANSWER_HEADERS = ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;

/** References to the headers every answer carries, then to `extra`. */
export const answerHeaders = (extra: readonly string[] = []): JsonObject => Object.fromEntries([...EVERY_ANSWER_HEADERS, ...extra].map((name) => [name, ref('headers', name)]));

const header = (description: string, schema: JsonObject): JsonObject => ({ description, schema });
const integer = { type: 'integer', minimum: 0 };

/** The headers the spec names, as components (its "Limits", "General conventions" and "Errors"). */
export const HEADERS: JsonObject = {
  'X-Request-Id': header("Correlates the answer with the server's logs; the same as `requestId` of an error body.", { type: 'string' }),
  'X-RateLimit-Limit': header('Calls allowed per minute (60 per partner unless agreed otherwise, summed over its integrations).', integer),
  'X-RateLimit-Remaining': header('Calls left in the current window.', integer),
  'X-RateLimit-Reset': header('When the window resets (the spec does not show its format).', { type: 'string' }),
  'Retry-After': header('Seconds to wait before repeating a call refused for the rate limit.', integer),
  'Idempotent-Replayed': header('`true` when the answer is the first answer to the same Idempotency-Key and body, replayed.', { type: 'string', enum: ['true'] }),
};

// The spec's rule, as the SDK checks it.
const IDEMPOTENCY_KEY_SCHEMA = { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY.source };

/** A page parameter's schema: the input's own field, so the document states the rule the SDK checks. */
function pageSchema(name: keyof ReturnType<typeof pageFields>): JsonObject {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(pageFields()[name], { io: 'input' }) as JsonObject;
  return schema;
}

/** The parameters shared by many operations: paging and Idempotency-Key. */
export const PARAMETERS: JsonObject = {
  limite: { name: 'limite', in: 'query', required: false, description: 'Items per page.', schema: { ...pageSchema('limite'), default: 50 } },
  cursor: {
    name: 'cursor',
    in: 'query',
    required: false,
    description: '`paginacao.proximoCursor` of the previous page, with the same filters; omit it to start over. Valid only for the ordering that produced it (else 400 CURSOR_INVALIDO).',
    schema: pageSchema('cursor'),
  },
  IdempotencyKeyRequired: {
    name: 'Idempotency-Key',
    in: 'header',
    required: true,
    description:
      'Required on order creation and label issue. The same key and body within 24 hours gets the first answer back (`Idempotent-Replayed: true`); another body is 422 IDEMPOTENCY_KEY_REUTILIZADA.',
    schema: IDEMPOTENCY_KEY_SCHEMA,
  },
  IdempotencyKeyOptional: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: 'The spec requires a key only on order creation and label issue; sending one on another write is harmless, and repeating a 500 or 503 with the same key is its retry rule.',
    schema: IDEMPOTENCY_KEY_SCHEMA,
  },
};

const errorContent = { 'application/json': { schema: componentRef('ErroBody') } };

/** The error answers every operation shares: the API's error body, decided by `erro.codigo`. */
export const RESPONSES: JsonObject = {
  Erro: {
    description: 'An API error: `erro.codigo` is stable and decides; `mensagem` is for people. New codes come without a version change, so fall back on the HTTP status.',
    headers: answerHeaders(),
    content: errorContent,
  },
  LimiteExcedido: {
    description: '429 LIMITE_EXCEDIDO: wait `Retry-After` seconds, then repeat. A refused call does not count toward the limit.',
    headers: answerHeaders(['Retry-After']),
    content: errorContent,
  },
};

/** The body of the three uploads (docs/uploads.md): the file in part `arquivo`, text parts beside it. */
export const REQUEST_BODIES: JsonObject = {
  Upload: {
    required: true,
    description:
      "The file in part `arquivo`; its type is read from its content, not from a declared Content-Type. A payment proof also sends `tipo=COMPROVANTE`. The spec does not show the part names: these are the SDK's (docs/uploads.md).",
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { arquivo: { type: 'string', contentMediaType: 'application/octet-stream' }, tipo: { type: 'string' } },
          required: ['arquivo'],
        },
      },
    },
  },
};

/** Bearer tokens: `svc_sbx_` for the sandbox, `svc_prod_` for production. */
export const SECURITY_SCHEMES: JsonObject = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: "The integration's access token: `svc_sbx_...` works only in the sandbox, `svc_prod_...` only in production (else 401 TOKEN_DE_OUTRO_AMBIENTE).",
  },
};

/** The spec names both base addresses but publishes neither: each is a variable the partner fills in. */
export const PRODUCTION_SERVER: JsonObject = {
  url: '{base_url}',
  description: 'Production.',
  variables: { base_url: { default: 'https://api.partner-commerce.invalid', description: 'The production base address ({base_url} of the spec), as the supplier gives it; paths start with /v1.' } },
};

/** The sandbox, the only server of the simulators; `partner-commerce sandbox` serves a local one. */
export const SANDBOX_SERVER: JsonObject = {
  url: '{sandbox_base_url}',
  description: 'Sandbox (test tokens; simulators under /v1/sandbox). `partner-commerce sandbox` serves a local one on loopback.',
  variables: { sandbox_base_url: { default: 'https://sandbox.partner-commerce.invalid', description: "The sandbox base address ({sandbox_base_url} of the spec), or the local sandbox's URL." } },
};
