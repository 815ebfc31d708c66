// partner-commerce/openapi: the API described for tools and other languages, generated from the SDK's
// own models and operation table (so it cannot drift from what the SDK sends and reads).
export { openApiDocument, type OpenApiDocumentOptions } from './document.js';
export { jsonSchemas } from './json-schemas.js';
export type { JsonObject, JsonSchema, JsonValue, OpenApiDocument } from './json-types.js';
