/** Reads an environment variable where the runtime has one; edge runtimes and Deno without --allow-env have none. */
export function readEnv(name: string): string | undefined {
  try {
    const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  } catch {
    return undefined;
  }
}
