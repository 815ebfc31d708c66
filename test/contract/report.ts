// The contract checks' report: findings grouped by operation, so a disagreement between the
// document and the sandbox names the operation it is about.

/** One disagreement found by a contract check. */
export interface Finding {
  /** The operationId (`pedidos.criar`), or a parenthesised word when no operation applies. */
  readonly operation: string;
  /** Which check found it (`prism`, `status`, `schema`, `5xx`, `coverage`...). */
  readonly check: string;
  readonly detail: string;
}

/** Prints the findings grouped by operation, then one closing line; true when there are none. */
export function printReport(title: string, findings: readonly Finding[], summary: string): boolean {
  const byOperation = new Map<string, Finding[]>();
  for (const f of findings) byOperation.set(f.operation, [...(byOperation.get(f.operation) ?? []), f]);
  for (const [operation, list] of [...byOperation].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`\n✖ ${operation}`);
    // The same finding repeated (many generated cases) is printed once, with its count.
    const counts = new Map<string, number>();
    for (const f of list) counts.set(`[${f.check}] ${f.detail}`, (counts.get(`[${f.check}] ${f.detail}`) ?? 0) + 1);
    for (const [line, n] of counts) console.log(`  ${line}${n > 1 ? ` (×${n})` : ''}`);
  }
  const failed = new Set(findings.map((f) => f.operation)).size;
  console.log(`\n${title}: ${summary}; ${findings.length === 0 ? 'no disagreement' : `${findings.length} finding(s) in ${failed} operation(s)`}`);
  return findings.length === 0;
}
