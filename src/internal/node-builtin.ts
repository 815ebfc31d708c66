/**
 * @internal A Node built-in module (`node:fs/promises`, `node:sqlite`, …), loaded when it is needed,
 * never at import: `process.getBuiltinModule` where the runtime has it (Node 20.16+, 22.3+), else a
 * dynamic `import()`. The specifier reaches `import()` as a variable, so bundlers leave it alone and do
 * not demand Node compatibility for a whole entry that workers also load. Rejects where the runtime
 * lacks the module (a browser, a worker, `node:sqlite` on Node 20).
 */
export async function loadBuiltin<T>(id: string): Promise<T> {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  return (proc?.getBuiltinModule?.(id) ?? (await import(/* @vite-ignore */ id))) as T;
}

/** @internal {@link loadBuiltin}, or undefined where the runtime lacks the module. */
export function optionalBuiltin<T>(id: string): Promise<T | undefined> {
  return loadBuiltin<T>(id).catch(() => undefined);
}
