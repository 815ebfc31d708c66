// Types of breaking.mjs, for the tests that import it (test/compat).
export interface BreakingRow {
  names: string[];
  old: string;
  replacement: string;
  line: number;
}
export interface RemovedName {
  entry: string;
  name: string;
  what: string;
  row: BreakingRow | undefined;
}
export function parseBreaking(changelog: string): { rows: BreakingRow[]; problems: string[] };
export function listedNames(rows: readonly BreakingRow[]): Map<string, BreakingRow>;
export function readReport(text: string): Map<string, { kinds: string[]; members: string[] }>;
export function removedNames(entry: string, oldText: string, newText: string, listed: Map<string, BreakingRow>): RemovedName[];
export function diagnosticRow(message: string, listed: Map<string, BreakingRow>): BreakingRow | undefined;
export function stubRow(output: string, listed: Map<string, BreakingRow>): BreakingRow | undefined;
