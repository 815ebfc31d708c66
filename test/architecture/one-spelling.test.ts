// Kept as a test because no lint rule can say it: the lists it guards are read from the code at run
// time (TIPOS_EVENTO, produtoSchema's shape). A lint rule would need its own copy of them in
// eslint.config.js, a second spelling of the very lists this checks, and would miss a kind or field added.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { produtoSchema } from '../../src/models/produto.js';
import { TIPOS_EVENTO } from '../../src/webhooks/index.js';
import { SRC, sourceFiles } from './source-tree.js';

// One concept, one spelling: a list written twice drifts, and nothing says which
// copy is right. Each check reads the source with TypeScript's parser (comments and prose never count).
const parsed = (file: string): ts.SourceFile => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

describe('one event-kind list', () => {
  const KINDS: ReadonlySet<string> = new Set(TIPOS_EVENTO);
  // The testing kit reads the spec on its own: its lists are a second reading, on purpose.
  const files = sourceFiles(SRC).filter((file) => !relative(SRC, file).startsWith('testing/'));

  /**
   * The kinds each list in `file` holds. A list is an array literal, an object literal's keys or a union
   * of literal types naming two kinds or more; a single kind compared or switched on is a use, not a
   * list. An object literal that `satisfies` a mapped type is left out: the compiler checks its keys
   * against the one list both ways (none missing, none extra).
   */
  function listedKinds(file: string): string[] {
    const found: string[] = [];
    const kindsIn = (texts: (string | undefined)[]): void => {
      const kinds = texts.filter((t): t is string => t !== undefined && KINDS.has(t));
      if (kinds.length >= 2) found.push(...kinds);
    };
    const literalText = (node: ts.Node | undefined): string | undefined => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined);
    const checkedByMappedType = (node: ts.Node): boolean => {
      let parent = node.parent;
      while (parent && (ts.isAsExpression(parent) || ts.isParenthesizedExpression(parent))) parent = parent.parent;
      return parent !== undefined && ts.isSatisfiesExpression(parent) && ts.isMappedTypeNode(parent.type);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isArrayLiteralExpression(node)) kindsIn(node.elements.map(literalText));
      if (ts.isObjectLiteralExpression(node) && !checkedByMappedType(node)) kindsIn(node.properties.map((p) => literalText(p.name)));
      if (ts.isUnionTypeNode(node)) kindsIn(node.types.map((t) => (ts.isLiteralTypeNode(t) ? literalText(t.literal) : undefined)));
      ts.forEachChild(node, visit);
    };
    visit(parsed(file));
    return found;
  }

  it('each event kind is spelled in one file of the SDK', () => {
    const where = new Map<string, Set<string>>([...KINDS].map((kind) => [kind, new Set<string>()]));
    for (const file of files) for (const kind of listedKinds(file)) where.get(kind)?.add(relative(SRC, file));
    const spelled = Object.fromEntries([...where].map(([kind, in_]) => [kind, [...in_].sort()]));
    expect(spelled).toEqual(Object.fromEntries([...KINDS].map((kind) => [kind, ['webhooks/tipos-evento.ts']])));
  });
});

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

// One way per concept: which Product fields are required, which are prices and which
// classify are written once, beside the shape, so a field added or renamed there reaches every use.
// Left out: the testing kit, a second reading of the spec by design, and the CLI, whose flag
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
