/**
 * Why the SQLite store cannot run here, if it cannot: it needs `node:sqlite` with user functions (Node
 * 22.13+). `npm test` on Node 20 skips it; CI's second pass, on a newer Node, runs it.
 */
export function sqliteUnavailable(): string | undefined {
  const mod = process.getBuiltinModule?.('node:sqlite') as { DatabaseSync?: { prototype: { function?: unknown } } } | undefined;
  return typeof mod?.DatabaseSync?.prototype.function === 'function' ? undefined : `node:sqlite needs Node 22.13 or newer (running ${process.version})`;
}
