import * as z from 'zod/mini';
import { once } from '../internal/once.js';
import type { ModelSchema } from '../operations/operation.js';
import { eventSchemas } from './events.js';
import type { JsonObject, JsonSchema } from './json-types.js';
import { RECORD_EXAMPLES } from './examples.js';
import { RECORDS, WIRE_FORMATS } from './records.js';
import { standardFormatsOnly } from './standard-formats.js';
import { plainTimestamp } from './timestamp-json.js';

/** `ProdutoEstoque` -> `produto-estoque`: the name of a record's file. */
const fileName = (record: string): string => record.replace(/[A-Z]/g, (letter, at: number) => `${at === 0 ? '' : '-'}${letter.toLowerCase()}`);

// Each schema stands alone (nothing to fetch elsewhere), for a partner's validator in any language; the
// records inside it (money, timestamps, the product of an event) are written once, in its own $defs.
function standalone(name: string, title: string, schema: ModelSchema): JsonSchema {
  const named = z.registry<{ id: string }>();
  for (const [record, inner] of RECORDS) if (inner() !== schema && !named.has(inner())) named.add(inner(), { id: record });
  const written = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any', metadata: named, override: plainTimestamp }) as JsonObject;
  const { $schema, ...body } = standardFormatsOnly(written);
  return { $schema: $schema ?? 'https://json-schema.org/draft/2020-12/schema', $id: `urn:partner-commerce:schema:${name}`, title, ...body };
}

const build = once((): Record<string, JsonSchema> => {
  const schemas: Record<string, JsonSchema> = {};
  for (const [record, schema] of RECORDS) {
    if (WIRE_FORMATS.has(record)) continue;
    const example = RECORD_EXAMPLES.find(([name]) => name === record)?.[2];
    const written = standalone(fileName(record), record, schema());
    schemas[fileName(record)] = example === undefined ? written : { ...written, examples: [example] };
  }
  for (const [kind, schema] of eventSchemas()) schemas[`evento/${kind}`] = standalone(`evento/${kind}`, `Evento ${kind}`, schema);
  return schemas;
});

/**
 * One standalone JSON Schema (draft 2020-12) per record and per event kind, in the wire form (money
 * as `"129.90"`, dates as date-time), for partners validating the API's data in other languages.
 * Keyed by name: `produto`, `produto-estoque`, `pedido`, ..., `evento/pedido.criado`,
 * `evento/produto.lote`; each has an `$id` (`urn:partner-commerce:schema:<name>`) and a `title`.
 * Objects are open, as the API's are. The package ships the same as `partner-commerce/schemas/<name>.json`.
 */
export function jsonSchemas(): Record<string, JsonSchema> {
  return structuredClone(build());
}
