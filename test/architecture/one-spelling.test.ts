import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { produtoSchema } from '../../src/models/produto.js';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Every array literal in `text` with at least two string elements naming a field of `fields`, as `line: [..]`. */
function fieldLists(file: string, text: string, fields: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isArrayLiteralExpression(node)) {
      const named = node.elements.filter((e) => ts.isStringLiteralLike(e) && fields.has(e.text));
      if (named.length >= 2) found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// One way per concept (issue 22, item 4): which Product fields are required, which are prices and which
// classify are written once, beside the shape, so a field added or renamed there reaches every use.
// Left out: the testing kit, a second reading of the spec by design (issue 21), and the CLI, whose flag
// table is a consumer's list (it stands on the public entries only, which do not export these lists).
describe('one product field list', () => {
  it('product field groups are spelled only in models/produto.ts', () => {
    const fields = new Set(Object.keys(produtoSchema().shape));
    const skipped = (file: string) => file === 'models/produto.ts' || file.startsWith('testing/') || file.startsWith('cli/');
    const lists = sourceFiles(SRC)
      .map((path) => relative(SRC, path).split('\\').join('/'))
      .filter((file) => !skipped(file))
      .flatMap((file) => {
        const text = readFileSync(join(SRC, file), 'utf8');
        // Parsing every file is most of the cost: only files quoting two field names can hold a list.
        if ([...fields].filter((f) => text.includes(`'${f}'`) || text.includes(`"${f}"`)).length < 2) return [];
        return fieldLists(file, text, fields).map((list) => `${file}:${list}`);
      });
    expect(lists).toEqual([]);
  });
});
