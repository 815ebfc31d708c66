/**
 * The API report: one line per name each public entry exports, written to api/<entry>.api.md by
 * `npm run api` and compared with the committed files by api-report.test.ts. A new public name, a
 * changed signature or a new member then shows up as a diff in review, a visible decision rather than
 * a side effect of an `export *`.
 *
 * Built on the TypeScript checker rather than API Extractor: that tool reads one bundled d.ts per
 * config (after `npm run build`, so not in `npm test`), ships its own older TypeScript, and warns on
 * every export without a release tag (plan22.md 7.1). One program serves every entry, so the run
 * costs one type-check of src/, not one per entry. A name marked `@deprecated` in its TSDoc ends its line
 * with `@deprecated`, a member with `(deprecated)`: still the surface, on its way out.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

/** The repository's root, whatever the working directory. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** An entry of the package: the report's file name (api/<name>.api.md) and its source, repo-relative. */
export interface ReportEntry {
  name: string;
  source: string;
}

/** The entries of package.json's `exports`, in that order. */
export const ENTRIES: readonly ReportEntry[] = [
  { name: 'partner-commerce', source: 'src/index.ts' },
  { name: 'webhooks', source: 'src/webhooks/index.ts' },
  { name: 'testing', source: 'src/testing/index.ts' },
  { name: 'testing-msw', source: 'src/testing/msw/index.ts' },
  { name: 'cli', source: 'src/cli/index.ts' },
  { name: 'redis', source: 'src/redis/index.ts' },
  { name: 'mirror', source: 'src/mirror/index.ts' },
  { name: 'openapi', source: 'src/openapi/index.ts' },
  { name: 'mcp', source: 'src/mcp/index.ts' },
];

/** Where `npm run api` writes the report of `entry`, repo-relative. */
export const reportPath = (entry: ReportEntry): string => `api/${entry.name}.api.md`;

/** One exported name, as the report prints it. */
export interface ApiLine {
  name: string;
  line: string;
  typeOnly: boolean;
}

/** One entry's report: its lines (sorted by name) and the file's text. */
export interface ApiReport {
  entry: ReportEntry;
  lines: ApiLine[];
  text: string;
}

// Signatures print in full: a cut-off `...` could hide the very change the report is there to show.
const FORMAT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;
// A const's type prints cut at the checker's usual length: the full type of a schema or a table runs
// to thousands of characters, and the name, the kind and the start of the type are what review needs.
const CONST_FORMAT = ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

function compilerOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('tsconfig.json could not be read');
  return { ...parsed.options, noEmit: true };
}

/**
 * Reports for `entries`, all from one program. Each line depends only on the source: paths print
 * repo-relative, names and members sorted. `overrides` lets a test read a tiny fixture without the
 * libs (`noLib`), in milliseconds instead of the seconds the real entries take.
 */
export function buildReports(entries: readonly ReportEntry[] = ENTRIES, overrides: ts.CompilerOptions = {}): ApiReport[] {
  const files = entries.map((e) => join(ROOT, e.source));
  const program = ts.createProgram(files, { ...compilerOptions(), ...overrides });
  const checker = program.getTypeChecker();
  return entries.map((entry, i) => {
    const sourceFile = program.getSourceFile(files[i] as string);
    const moduleSymbol = sourceFile && checker.getSymbolAtLocation(sourceFile);
    if (!sourceFile || !moduleSymbol) throw new Error(`${entry.source} is not a module the program could read`);
    const lines = checker
      .getExportsOfModule(moduleSymbol)
      .flatMap((symbol) => [describe(checker, sourceFile, symbol), ...namespaceMembers(checker, sourceFile, symbol)])
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return { entry, lines, text: render(entry, lines) };
  });
}

/** Follows `export { x } from` and `export *` to the declaration; type-only if any step says so. */
function resolveExport(checker: ts.TypeChecker, symbol: ts.Symbol): { target: ts.Symbol; typeOnlyExport: boolean } {
  let target = symbol;
  let typeOnlyExport = false;
  while (target.flags & ts.SymbolFlags.Alias) {
    if ((target.declarations ?? []).some((d) => ts.isTypeOnlyImportOrExportDeclaration(d))) typeOnlyExport = true;
    const next = checker.getImmediateAliasedSymbol(target);
    if (!next || next === target) break;
    target = next;
  }
  return { target, typeOnlyExport };
}

function kindsOf(symbol: ts.Symbol): string[] {
  const f = symbol.flags;
  const kinds: string[] = [];
  if (f & ts.SymbolFlags.Class) kinds.push('class');
  if (f & ts.SymbolFlags.Function) kinds.push('function');
  if (f & ts.SymbolFlags.Variable) {
    const decl = symbol.valueDeclaration;
    const isConst = decl && ts.isVariableDeclaration(decl) && ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const;
    kinds.push(isConst ? 'const' : 'let');
  }
  if (f & ts.SymbolFlags.Enum) kinds.push('enum');
  if (f & ts.SymbolFlags.Interface && !(f & ts.SymbolFlags.Class)) kinds.push('interface');
  if (f & ts.SymbolFlags.TypeAlias) kinds.push('type');
  if (f & ts.SymbolFlags.Module) kinds.push('namespace');
  return kinds.length ? kinds : ['unknown'];
}

const isInternal = (node: ts.Node): boolean => ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'internal');
// A deprecated name is still part of the surface, marked so a reviewer sees what is on its way out.
const isDeprecated = (node: ts.Node): boolean => ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'deprecated');

/**
 * Only what this package declares: members a class or interface inherits from a dependency or the lib
 * are not our decision. A member with no declaration (a mapped type's) belongs to the type that maps it.
 */
function declaredHere(symbol: ts.Symbol): boolean {
  const declarations = symbol.declarations ?? [];
  return declarations.length === 0 || declarations.some((d) => !d.getSourceFile().fileName.includes('/node_modules/'));
}

/** `#private`, `private` and `@internal` members: not part of the surface, whatever the d.ts shows. */
function isHidden(symbol: ts.Symbol): boolean {
  if (symbol.name.startsWith('#') || symbol.name.startsWith('__#')) return true;
  return (symbol.declarations ?? []).some((d) => {
    const name = (d as ts.NamedDeclaration).name;
    return (ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Private) !== 0 || (name !== undefined && ts.isPrivateIdentifier(name)) || isInternal(d);
  });
}

function memberName(symbol: ts.Symbol): string {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- it does change the type: `name` is NamedDeclaration's (the rule sees the two as one)
  const decl = symbol.declarations?.[0] as ts.NamedDeclaration | undefined;
  const protectedMember = decl && ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Protected;
  // `[Symbol.asyncDispose]` and the like: the checker's own name for them is an internal `__@…` string.
  const name = decl?.name && ts.isComputedPropertyName(decl.name) ? `[${decl.name.expression.getText()}]` : symbol.name;
  const deprecated = (symbol.declarations ?? []).some(isDeprecated) ? ' (deprecated)' : '';
  return `${protectedMember ? `protected ${name}` : name}${deprecated}`;
}

function memberNames(symbols: readonly ts.Symbol[], prefix = ''): string[] {
  return symbols
    .filter((s) => declaredHere(s) && !isHidden(s) && s.name !== 'prototype')
    .map((s) => prefix + memberName(s))
    .sort();
}

/** Property names, then index signatures (`[string]`): an open record is part of the contract too. */
function shapeOf(checker: ts.TypeChecker, type: ts.Type): string {
  const indexes = checker.getIndexInfosOfType(type).map((info) => `[${checker.typeToString(info.keyType)}]`);
  return `{ ${[...memberNames(checker.getPropertiesOfType(type)), ...indexes].join(', ')} }`;
}

/** Repo-relative: a report written on one machine must read the same on another. The checker writes `/`. */
const ROOT_PATH = ROOT.split(sep).join('/');
const portable = (text: string): string => text.split(`${ROOT_PATH}/`).join('').split(ROOT_PATH).join('.');

function signatures(checker: ts.TypeChecker, where: ts.Node, sigs: readonly ts.Signature[], kind?: ts.SignatureKind): string {
  return sigs.map((s) => portable(checker.signatureToString(s, where, FORMAT, kind))).join('; ');
}

function describe(checker: ts.TypeChecker, where: ts.SourceFile, exported: ts.Symbol): ApiLine {
  const { target, typeOnlyExport } = resolveExport(checker, exported);
  const name = exported.name;
  const hasValue = (target.flags & ts.SymbolFlags.Value) !== 0;
  const typeOnly = typeOnlyExport || !hasValue;
  const kinds = kindsOf(target);
  const parts = [`${name}:`, typeOnly ? 'type-only' : 'value', kinds.join('+')];

  if (target.flags & ts.SymbolFlags.Class) {
    const staticType = checker.getTypeOfSymbol(target);
    const ctors = checker
      .getSignaturesOfType(staticType, ts.SignatureKind.Construct)
      .filter((s) => !s.declaration || !(ts.getCombinedModifierFlags(s.declaration as ts.Declaration) & ts.ModifierFlags.Private));
    if (ctors.length) parts.push(`${signatures(checker, where, ctors, ts.SignatureKind.Construct)}`);
    const statics = memberNames(checker.getPropertiesOfType(staticType), 'static ');
    const instance = checker.getDeclaredTypeOfSymbol(target);
    const indexes = checker.getIndexInfosOfType(instance).map((info) => `[${checker.typeToString(info.keyType)}]`);
    parts.push(`{ ${[...statics, ...memberNames(checker.getPropertiesOfType(instance)), ...indexes].join(', ')} }`);
  } else if (target.flags & ts.SymbolFlags.Interface) {
    const type = checker.getDeclaredTypeOfSymbol(target);
    const calls = checker.getSignaturesOfType(type, ts.SignatureKind.Call);
    if (calls.length) parts.push(signatures(checker, where, calls));
    parts.push(shapeOf(checker, type));
  } else if (target.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable)) {
    const type = checker.getTypeOfSymbol(target);
    const calls = checker.getSignaturesOfType(type, ts.SignatureKind.Call);
    if (calls.length) parts.push(signatures(checker, where, calls));
    else parts.push(portable(checker.typeToString(type, where, CONST_FORMAT)));
  } else if (target.flags & ts.SymbolFlags.TypeAlias) {
    // A record type (`Produto`, inferred from its schema) lists its fields like an interface; a union
    // or a primitive prints nothing more: its name and kind are what the surface decides.
    const type = checker.getDeclaredTypeOfSymbol(target);
    if (type.flags & ts.TypeFlags.Object && !checker.getSignaturesOfType(type, ts.SignatureKind.Call).length) parts.push(shapeOf(checker, type));
  }
  if ((target.declarations ?? []).some(isInternal)) parts.push('@internal');
  if ((target.declarations ?? []).some(isDeprecated)) parts.push('@deprecated');
  return { name, line: parts.join(' '), typeOnly };
}

/**
 * The names a namespace export holds (`Pedidos.Pedido`), one line each like a top-level name: a type
 * moved into a namespace stays as visible in review as it was at the top.
 */
function namespaceMembers(checker: ts.TypeChecker, where: ts.SourceFile, exported: ts.Symbol): ApiLine[] {
  const { target } = resolveExport(checker, exported);
  if (!(target.flags & ts.SymbolFlags.Module)) return [];
  // A class merged with its namespace lists its static side too; `prototype` is not a name anyone imports.
  return checker
    .getExportsOfModule(target)
    .filter((member) => member.name !== 'prototype')
    .map((member) => {
      const line = describe(checker, where, member);
      return { ...line, name: `${exported.name}.${line.name}`, line: `${exported.name}.${line.line}` };
    });
}

/** A name inside a namespace (`Pedidos.Pedido`), as against one an `import { }` of the entry lists. */
const nested = (line: ApiLine): boolean => line.name.includes('.');

function render(entry: ReportEntry, lines: readonly ApiLine[]): string {
  const top = lines.filter((l) => !nested(l));
  const values = top.filter((l) => !l.typeOnly).length;
  const inside = lines.length - top.length;
  return [
    `# API report: ${entry.name === 'partner-commerce' ? 'partner-commerce' : `partner-commerce/${entry.name.replace('-', '/')}`}`,
    '',
    `Written by \`npm run api\` (test/architecture/api-report.ts) from \`${entry.source}\`; do not edit by`,
    'hand. A diff here is a change to the public surface: review it like code. Each line: the name,',
    '`value` or `type-only`, the kind, then the signature (functions, constructors, consts) or the public',
    'member names (classes, interfaces, record types).',
    '',
    `${top.length} names: ${values} values, ${top.length - values} type-only.${inside ? ` ${inside} more inside its namespaces (\`Namespace.Name\`).` : ''}`,
    '',
    '```text',
    ...lines.map((l) => l.line),
    '```',
    '',
  ].join('\n');
}

/**
 * What differs between a committed report and a fresh one, or undefined when they match: the lines
 * only in one of them, so the failure names the export that appeared, left or changed.
 */
export function compareReport(path: string, committed: string | undefined, generated: string): string | undefined {
  if (committed === generated) return undefined;
  if (committed === undefined) return `${path} is missing: run \`npm run api\` and review the new file.`;
  const before = new Set(committed.split('\n'));
  const after = new Set(generated.split('\n'));
  const removed = [...before].filter((l) => !after.has(l)).map((l) => `- ${l}`);
  const added = [...after].filter((l) => !before.has(l)).map((l) => `+ ${l}`);
  return [`${path} does not match the source: run \`npm run api\` and review the diff.`, ...removed, ...added].join('\n');
}

/** The committed report of `entry`, or undefined when there is none yet. */
export function readCommitted(entry: ReportEntry): string | undefined {
  try {
    // A checkout that turned line ends into CRLF still holds the same report.
    return readFileSync(join(ROOT, reportPath(entry)), 'utf8').replace(/\r\n/g, '\n');
  } catch {
    return undefined;
  }
}

function writeReports(): void {
  for (const report of buildReports()) {
    const path = join(ROOT, reportPath(report.entry));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, report.text);
    console.log(`${relative(ROOT, path)}: ${report.lines.filter((l) => !nested(l)).length} names, ${report.lines.filter(nested).length} inside namespaces`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) writeReports();
