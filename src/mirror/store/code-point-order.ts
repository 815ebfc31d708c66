/**
 * @internal Text order of the SQL stores (code points: Postgres' `C` collation, SQLite's binary), not
 * JavaScript's UTF-16 code units, so the memory store lists in the order they do.
 */
export function byCodePoint(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
