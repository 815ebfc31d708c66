import { InvalidInputError } from '../errors/invalid-input-error.js';
import type { CatalogStore } from './store/types.js';

/** Key of `pc_mirror_state` naming the catalog the store holds (`{ id }`): its products are swept against that catalog only. */
export const CATALOGO = 'catalogo';

/**
 * @internal The identity of the catalog a mirror mirrors: `catalogId` when given (checked with the
 * other options of `createMirror`), else the client's environment (`sandbox`, `production`) when the
 * client says it; undefined when neither is known.
 */
export function catalogIdentity(catalogId: string | undefined, client: unknown): string | undefined {
  if (catalogId !== undefined) return catalogId;
  const environment = (client as { environment?: unknown } | null)?.environment;
  return typeof environment === 'string' ? environment : undefined;
}

/**
 * @internal Records the catalog the store holds on its first open, and refuses another one after:
 * two catalogs in one schema share every table, and a full scan of one would mark the other's
 * products gone. Stores written before the identity existed take the first one that opens them.
 * @throws InvalidInputError naming `store` when the store holds another catalog.
 */
export async function claimCatalog(store: CatalogStore, identity: string | undefined): Promise<void> {
  if (identity === undefined) return;
  const refuse = (held: unknown): never => {
    throw new InvalidInputError({
      path: 'store',
      message:
        `holds the mirror of catalog ${JSON.stringify(held)}, not ${JSON.stringify(identity)}: one catalog per database schema ` +
        '(give this one its own Postgres database or schema, or its own PGlite folder)',
    });
  };
  // Kept as an object: a bare JSON string comes back from jsonb as text some drivers cannot tell from JSON.
  const held = (await store.state<{ id?: unknown }>(CATALOGO))?.id;
  if (held === identity) return;
  if (held !== undefined) refuse(held);
  await store.transaction(async (tx) => {
    const now = (await tx.state<{ id?: unknown }>(CATALOGO))?.id;
    if (now === undefined) await tx.setState(CATALOGO, { id: identity });
    else if (now !== identity) refuse(now);
  });
}
