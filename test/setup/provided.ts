/**
 * What test/setup/global-setup.ts hands the test files (vitest's provide/inject), and the helpers that
 * read it. Outside vitest (a script run by hand) nothing is provided and each helper falls back to the
 * slow way: tsx for a child script, a build per caller for the CLI.
 */
import { relative, resolve } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The CLI bundled once per run (test/cli/cli-process.ts). */
    cliBin: string;
    /** Child scripts bundled once per run, by repo-relative path of their .ts source. */
    childBundles: Record<string, string>;
    /** postgres://… of the run's shared server's `postgres` database, or '' without PostgreSQL. */
    postgresUrl: string;
    /** A PGlite data folder initialised once per PGlite version; copy it, never open it in place. */
    pgliteTemplate: string;
  }
}

/** `inject` that answers undefined outside a vitest run instead of throwing. */
function provided<K extends 'cliBin' | 'childBundles' | 'postgresUrl' | 'pgliteTemplate'>(key: K) {
  try {
    return inject(key) as ReturnType<typeof inject<K>> | undefined;
  } catch {
    return undefined;
  }
}

/**
 * Node's arguments to run the child script `script` (an absolute .ts path): its bundle when the global
 * setup made one (each tsx start transpiles the whole SDK again, ~1 s a child), else tsx as a loader.
 */
export function nodeArgs(script: string): string[] {
  const bundle = provided('childBundles')?.[relative(resolve('.'), script)];
  return bundle ? [bundle] : ['--import', 'tsx', script];
}

/** The run's CLI bundle, if the global setup made one. */
export const providedCliBin = (): string | undefined => provided('cliBin') || undefined;

/** The run's shared PostgreSQL server, if the global setup started one. */
export const providedPostgresUrl = (): string | undefined => provided('postgresUrl') || undefined;

/** The PGlite template folder, if the global setup made one. */
export const providedPgliteTemplate = (): string | undefined => provided('pgliteTemplate') || undefined;
