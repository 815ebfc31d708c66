import type { JsonValue } from '../internal/json.js';

// The SDK's one JSON value type (the error body's too); the documents are plain data of it.
export type { JsonValue };

/** A JSON object: one schema, or one object of the OpenAPI document. */
export interface JsonObject {
  readonly [key: string]: JsonValue;
}

/** A JSON Schema (draft 2020-12), as plain data. */
export type JsonSchema = JsonObject;

/**
 * The OpenAPI 3.1 document of the Partner Commerce API as the SDK calls it: plain JSON, keys in a
 * fixed order, so two builds of the same SDK write the same bytes.
 */
export interface OpenApiDocument extends JsonObject {
  /** The OpenAPI version: 3.1 is the first whose schemas are plain JSON Schema 2020-12 and that has `webhooks`. */
  readonly openapi: '3.1.0';
  /** Title, the SDK version that generated it, and what the `x-partner-commerce-*` marks mean. */
  readonly info: JsonObject;
  /** Production and sandbox; the spec publishes neither address, so each is a variable to fill in. */
  readonly servers: JsonObject[];
  /** One operation per SDK method, by route (`/v1/pedidos/{id}`) and lower-case method. */
  readonly paths: { readonly [path: string]: JsonObject };
  /** One notice per event kind of the spec, by kind (`pedido.criado`). */
  readonly webhooks: { readonly [evento: string]: JsonObject };
  /** The records (`Produto`, `ErroBody`, `EventoPedidoCriado`...), shared answers, parameters, headers and the bearer scheme. */
  readonly components: JsonObject;
}
