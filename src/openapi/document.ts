import { once } from '../internal/once.js';
import { OPERATIONS } from '../operations/table.js';
import { VERSION } from '../version.js';
import { eventComponentName, eventSchemas } from './events.js';
import type { JsonObject, OpenApiDocument } from './json-types.js';
import { MARK, operationObject, rowModels, schemasOf, tagOf } from './operation-object.js';
import { RECORD_EXAMPLES } from './examples.js';
import { RECORDS } from './records.js';
import { HEADERS, PARAMETERS, PRODUCTION_SERVER, REQUEST_BODIES, RESPONSES, SANDBOX_SERVER, SECURITY_SCHEMES } from './shared-components.js';
import { servedAt } from './served-at.js';
import { TAG_DESCRIPTIONS } from './tags.js';
import { componentRef, wireSchemas } from './wire-schemas.js';
import { optionNames, refuseUnknownOptions } from '../errors/check-options.js';

/** The package's licence (package.json `license`), which covers the document too; a test keeps the two equal. */
const LICENSE = 'MIT';

const WEBHOOK_NOTE =
  'Sent by the supplier to the address registered in the panel, retried until a 2xx, in no particular order. Notices are signed, ' +
  'but the spec shows neither the scheme nor the header names, so no signature header is declared here: check it in ' +
  "`createWebhookHandler`'s `verify` (docs/webhooks.md). The local sandbox signs with the header that `WEBHOOK_SIGNATURE_HEADER` " +
  'of partner-commerce/testing names.';

function webhookObject(kind: string, component: string): JsonObject {
  return {
    post: {
      operationId: `webhook.${kind}`,
      summary: `The ${kind} notice.`,
      description:
        kind === 'produto.lote'
          ? `${WEBHOOK_NOTE} Arrives in place of the single product notices the address subscribes to: each item of \`itens\` is one of them (\`evento\`, \`produto\`, and \`alterados\` and \`anterior\` when that notice has them).`
          : WEBHOOK_NOTE,
      tags: ['webhooks'],
      security: [],
      requestBody: { required: true, content: { 'application/json': { schema: componentRef(component) } } },
      responses: { '2XX': { description: 'Received. Any other answer makes the supplier send it again.' } },
    },
  };
}

const build = once((): OpenApiDocument => {
  const events = eventSchemas().map(([kind, schema]) => [kind, eventComponentName(kind), schema] as const);
  const rows = OPERATIONS.map((row) => [row, rowModels(row)] as const);
  const wire = wireSchemas(
    [...RECORDS.map(([name, schema]) => [name, schema()] as const), ...events.map(([, name, schema]) => [name, schema] as const)],
    rows.flatMap(([, models]) => schemasOf(models)),
  );
  const components = { ...wire.components };
  for (const [record, , example] of RECORD_EXAMPLES) {
    if (components[record]) components[record] = { ...components[record], examples: [example] };
  }
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const [row, models] of rows) {
    (paths[row.route] ??= {})[row.method.toLowerCase()] = operationObject(row, models, wire, SANDBOX_SERVER);
  }
  const tags = [...new Set(OPERATIONS.map(tagOf)), 'webhooks'].map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] === undefined ? {} : { description: TAG_DESCRIPTIONS[name] }) }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner Commerce API',
      version: VERSION,
      summary: 'The API v1 as the partner-commerce SDK calls it, generated from its models and operation table.',
      description:
        "Generated from the SDK's zod models and its operation table, so it cannot drift from what the SDK sends and reads. " +
        `Objects are open: the API adds fields without a version change, and clients must ignore those they do not know. Paths the spec only names carry \`${MARK}-path-source: inferred\`; simulators carry \`${MARK}-sandbox-only: true\`; ` +
        `a rule the spec does not show but the local sandbox keeps (the order item and what it requires, non-blank texts, the storefront's image types) carries \`${MARK}-source: local-sandbox\`: ` +
        'the SDK does not check those rules before sending; check them against the real server.',
      license: { name: LICENSE, identifier: LICENSE },
    },
    servers: [PRODUCTION_SERVER, SANDBOX_SERVER],
    security: [{ bearerAuth: [] }],
    tags,
    paths,
    webhooks: Object.fromEntries(events.map(([kind, name]) => [kind, webhookObject(kind, name)])),
    components: {
      schemas: components,
      responses: RESPONSES,
      parameters: PARAMETERS,
      requestBodies: REQUEST_BODIES,
      headers: HEADERS,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
});

/** Options of {@link openApiDocument}. */
export interface OpenApiDocumentOptions {
  /**
   * The address of the server that serves this copy (`http://127.0.0.1:4010`): listed first in
   * `servers`, and first in each simulator's servers. The local sandbox passes its own URL.
   */
  readonly serverUrl?: string | undefined;
}

const DOCUMENT_OPTION_NAMES = optionNames<OpenApiDocumentOptions>({ serverUrl: 1 });

/**
 * The OpenAPI 3.1 document of the Partner Commerce API, generated from the SDK's models and its table
 * of operations: one operation per SDK method (`operationId` is the method, `pedidos.criar`), the
 * error body, paging, Idempotency-Key and the rate-limit headers, and a webhook per event kind.
 * Plain JSON with a fixed key order; each call returns a fresh copy, free to change.
 *
 * @example
 * ```ts
 * import { writeFileSync } from 'node:fs';
 * import { openApiDocument } from 'partner-commerce/openapi';
 * writeFileSync('openapi.json', JSON.stringify(openApiDocument(), null, 2));
 * ```
 */
export function openApiDocument(options: OpenApiDocumentOptions = {}): OpenApiDocument {
  refuseUnknownOptions(options, DOCUMENT_OPTION_NAMES, 'openApiDocument');
  const doc = structuredClone(build());
  return options.serverUrl === undefined ? doc : servedAt(doc, options.serverUrl);
}
