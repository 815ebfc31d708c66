/** A JSON value, as the generated documents hold it (plain data: `JSON.stringify` writes it as is). */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

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
  readonly openapi: '3.1.0';
  readonly info: JsonObject;
  readonly servers: readonly JsonObject[];
  readonly paths: { readonly [path: string]: JsonObject };
  readonly webhooks: { readonly [evento: string]: JsonObject };
  readonly components: JsonObject;
}
