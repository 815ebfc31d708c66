import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's source folder, which the architecture tests read as text. */
export const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** Every `.ts` file under `dir` (absolute paths), depth first. */
export function sourceFiles(dir: string = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** A file's text with its comments left out, so prose that names a pattern never counts as using it. */
export function codeOf(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** The file a relative import of `from` names (`./x.js` is `./x.ts` or `./x/index.ts`). */
export function resolveImport(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next form
    }
  }
  throw new Error(`${relative(SRC, from)} imports ${specifier}, which is not a file under src/`);
}
