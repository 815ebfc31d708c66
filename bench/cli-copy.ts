/**
 * The CLI's build holds the CLI's own code (and commander), and reaches the SDK, the kit and the mirror
 * through the package's own entries (`partner-commerce`, `partner-commerce/testing`, ...), not through
 * a second copy bundled beside them (a chunk of about 488 kB), so an error it throws is the class a
 * partner's code checks. Run after `npm run build`:
 * `npx tsx bench/cli-copy.ts`; bench/size.ts runs it too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI_ENTRIES = ['cli.js', 'cli-bin.js', 'cli.cjs', 'cli-bin.cjs'];
const LOCAL_IMPORT = /(?:from\s*|import\(\s*|require\(\s*)["'](\.\/[^"']+)["']/g;

/**
 * Marks only the SDK's own modules carry: the limiter's brand and the error family's base class. Either
 * in a file the CLI loads means that file is a copy: the real ones live in the entries' chunks.
 */
const SDK_MARKS: Array<[RegExp, string]> = [
  [/partner-commerce\.RateLimiter/, 'the rate limiter (its Symbol.for brand)'],
  [/\bPartnerCommerceError\s*=\s*class\b|\bclass PartnerCommerceError\b/, 'the error family (class PartnerCommerceError)'],
];

/** Every dist file the CLI's entries load, following relative imports only (package names are not followed). */
export function cliFiles(dist: string): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (name: string): void => {
    if (seen.has(name) || !existsSync(join(dist, name))) return;
    const text = readFileSync(join(dist, name), 'utf8');
    seen.set(name, text);
    for (const m of text.matchAll(LOCAL_IMPORT)) visit((m[1] as string).slice(2));
  };
  for (const entry of CLI_ENTRIES) visit(entry);
  return seen;
}

/** What the CLI's build carries of the SDK, one line per file and mark; empty when it carries nothing. */
export function cliCopyProblems(dist: string): string[] {
  const files = cliFiles(dist);
  if (files.size === 0) return [`no CLI build in ${dist}: run \`npm run build\` first`];
  const problems: string[] = [];
  for (const [name, text] of files) {
    for (const [mark, what] of SDK_MARKS) {
      if (mark.test(text))
        problems.push(`dist/${name} (${(text.length / 1024).toFixed(0)} kB) carries its own copy of ${what}; the CLI must import the package's entries by name (tsup.config.ts, publicEntriesByName)`);
    }
  }
  return problems;
}

/** The CLI's own bytes, per format: what it adds to the package beyond the entries. */
export function cliBytes(dist: string): { esm: number; cjs: number } {
  let esm = 0;
  let cjs = 0;
  for (const [name, text] of cliFiles(dist)) {
    if (name.endsWith('.cjs')) cjs += text.length;
    else esm += text.length;
  }
  return { esm, cjs };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = fileURLToPath(new URL('../dist', import.meta.url));
  const bytes = cliBytes(dist);
  console.log(`CLI build: ${(bytes.esm / 1024).toFixed(1)} kB ESM, ${(bytes.cjs / 1024).toFixed(1)} kB CJS (its own code and commander; unminified)`);
  const problems = cliCopyProblems(dist);
  if (problems.length) {
    console.error(`CLI copy check FAILED:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log('CLI copy check passed: the CLI imports the SDK through the package entries');
}
