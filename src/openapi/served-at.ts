import type { JsonObject, OpenApiDocument } from './json-types.js';

/**
 * `doc` as a server at `url` serves it: that address first in `servers`, and first in the servers of
 * each simulator (an operation's own `servers` replace the document's), so a client generated from
 * or a mock pointed at the served copy calls that server, not the `.invalid` placeholders.
 */
export function servedAt(doc: OpenApiDocument, url: string): OpenApiDocument {
  const here: JsonObject = { url, description: 'The server this copy of the document was read from.' };
  const paths = Object.fromEntries(
    Object.entries(doc.paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, op]) => {
          const servers = (op as JsonObject)['servers'];
          return [method, Array.isArray(servers) ? { ...(op as JsonObject), servers: [here, ...servers] } : op];
        }),
      ),
    ]),
  );
  return { ...doc, servers: [here, ...doc.servers], paths };
}
