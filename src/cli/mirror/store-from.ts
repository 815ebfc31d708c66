import { resolve } from 'node:path';
import { createEmbeddedStore, createPostgresStore, type MirrorStore } from '../../mirror/index.js';
import { CliFailure, EXIT } from '../exit-codes.js';

/**
 * The mirror's store: Postgres at `postgres` when given (a URL, else a usage error naming `postgresFlag`),
 * otherwise the embedded one in the folder `dir` (the engine the folder holds, else the runtime's
 * default: the same choice as `createMirror`). `where` names it for output, never with the password.
 */
export function storeFrom(postgres: string | undefined, dir: string, postgresFlag: string): { store: MirrorStore; where: string } {
  if (postgres !== undefined) {
    if (!URL.canParse(postgres)) throw new CliFailure(`${postgresFlag} must be a connection URL like postgres://user@host:5432/db`, EXIT.usage);
    const url = new URL(postgres);
    // The password (and user) never reach the output.
    return { store: createPostgresStore({ connectionString: postgres }), where: `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}` };
  }
  const folder = resolve(dir);
  return { store: createEmbeddedStore({ dataDir: folder }), where: folder };
}
