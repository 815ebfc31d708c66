// @ts-check
// Lint for partner-commerce: typescript-eslint with type information (the project service reads
// tsconfig.json), the import layers of src/, and the patterns the SDK has decided against.
// `npm run lint` allows no warnings; test/architecture/lint-rules.test.ts shows each restriction
// below reporting a bad snippet and accepting a good one.
import js from '@eslint/js';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------------------------
// Layers of src/: a folder (or a file at the top of src/) imports only from a lower layer, never from
// its own layer or above, so no arrow runs back up and no two folders form a circle. Type-only
// imports count: a type circle is still a circle for a reader. Top of the list = top of the house.
const LAYERS = [
  ['cli'], // the command line stands on the public entries (see CLI_MAY_USE)
  ['index.ts', 'mcp'],
  ['client.ts', 'mirror'],
  ['resources', 'openapi'],
  ['operations', 'redis'],
  ['changelog', 'pagination', 'webhooks'],
  ['transport', 'models'],
  ['telemetry', 'dates', 'money', 'testing'],
  ['errors'], // the one error family every layer shares
  ['internal', 'version.ts'], // tiny helpers: they import nothing outside themselves
];

// The testing kit is a second reading of the spec: were it to import the SDK's models, money codec,
// upload checks or webhook schemas, a misreading there would be reproduced on both sides and every
// end-to-end test would still pass. It may use only what says nothing about the API's records. (What
// those two reach is held by the layers: errors/ sits on internal/ alone, internal/ on nothing.)
const KIT_MAY_USE = ['./testing', './errors', './internal/canonical-json.ts'];

// The command line is a partner of the package like any other: were it to reach into the kit's or the
// SDK's inner files, a name could leave the public entries and the CLI would still build.
// internal/loopback-host.ts: the one Host check of the sandbox and the mirror's feed; internal/duration.ts:
// the one grammar of a duration ('30d'), read by the mirror's retention option and the CLI's flags;
// internal/env.ts: the one reading of an environment variable and the one token -> environment rule.
const CLI_MAY_USE = [
  './cli',
  './errors',
  './index.ts',
  './testing/index.ts',
  './webhooks/index.ts',
  './mirror/index.ts',
  './redis/index.ts',
  './openapi/index.ts',
  './mcp/index.ts',
  './internal/loopback-host.ts',
  './internal/duration.ts',
  './internal/env.ts',
];

const src = (room) => `./src/${room}`;
const layerZones = LAYERS.flatMap((layer, i) => {
  const sameOrAbove = LAYERS.slice(0, i + 1).flat();
  return layer
    .map((room) => ({
      target: src(room),
      from: sameOrAbove.filter((other) => other !== room).map(src),
      message: `imports run downward: ${room} may not import from its own layer or above (eslint.config.js, LAYERS).`,
    }))
    .filter((zone) => zone.from.length > 0);
});
const importZones = [
  ...layerZones,
  {
    target: './src/testing',
    from: './src',
    except: KIT_MAY_USE,
    message: 'the testing kit reads the spec on its own: it imports only itself, errors/ and internal/canonical-json.ts.',
  },
  {
    target: LAYERS.flat()
      .filter((room) => room !== 'testing' && room !== 'cli')
      .map(src),
    from: './src/testing',
    message: 'the testing kit stays out of the SDK: only the command line, which serves it, imports it.',
  },
  {
    target: './src/cli',
    from: './src',
    except: CLI_MAY_USE,
    message: "the command line imports only the package's public entries, errors/ and the helpers named in CLI_MAY_USE.",
  },
];

// ---------------------------------------------------------------------------------------------
// Banned patterns. Each concern is ESLint's own no-restricted-syntax under a name of its own, so each
// has its own files (flat config would otherwise let the last block's list replace the others) and a
// report names the concern. A kept use is an `eslint-disable-next-line banned/<name> -- <why>`
// comment; for dependency-internals the why cites its figure in bench/README.md.
const restrictedSyntax = builtinRules.get('no-restricted-syntax');
if (!restrictedSyntax) throw new Error('eslint no longer exports no-restricted-syntax through use-at-your-own-risk');
const BANNED = {
  // An API timestamp becomes an instant in one file: two readings of one time let the mirror store by
  // one and decide by the other.
  'one-instant': {
    files: ['src/**/*.ts'],
    ignores: ['src/dates/instant.ts', 'src/testing/**'],
    selectors: [
      ["CallExpression[callee.object.name='Date'][callee.property.name='parse']:has(Identifier[name='atualizadoEm'])", 'atualizadoEm becomes an instant only in src/dates/instant.ts (instantOf).'],
      ["FunctionDeclaration[id.name='instantOf'], VariableDeclarator[id.name='instantOf']", 'instantOf is defined once, in src/dates/instant.ts.'],
    ],
  },
  // Object keys are sorted for JSON in one file (the kit too): two canonical forms let equal states compare unequal.
  'one-canonical-json': {
    files: ['src/**/*.ts'],
    ignores: ['src/internal/canonical-json.ts'],
    selectors: [
      [
        "CallExpression[arguments.length=0][callee.property.name='sort'][callee.object.type='CallExpression'][callee.object.callee.object.name='Object'][callee.object.callee.property.name='keys']",
        'object keys are sorted for JSON only in src/internal/canonical-json.ts (canonicalJson).',
      ],
    ],
  },
  // The pipeline awaits: a function returning "a value now or a promise" makes every caller branch on
  // which it got (bench/README.md records what always awaiting costs). What a partner's or a store's
  // function returns is still taken either way: that is a parameter's or an interface's type.
  'plain-await': {
    files: ['src/transport/**/*.ts', 'src/telemetry/**/*.ts'],
    selectors: [[':function > TSTypeAnnotation > TSUnionType > TSTypeReference[typeName.name=/^Promise(Like)?$/]', 'the pipeline awaits: return a Promise, or a plain value, not a union of both.']],
  },
  // No reaching into dependency internals: code built on a dependency's private classes or fields
  // breaks on its next patch release, silently.
  'dependency-internals': {
    files: ['src/**/*.ts'],
    selectors: [
      ["NewExpression[callee.name='Proxy']", 'no Proxy around a dependency object.'],
      ["CallExpression[callee.name='$constructor'], CallExpression[callee.property.name='$constructor']", "no zod $constructor class machinery: build schemas with zod's public API."],
      ["TSAsExpression[expression.property.name='init'][typeAnnotation.type='TSUnknownKeyword']", "no zod class's init called by hand."],
      ["CallExpression[callee.object.name='Object'][callee.property.name='create'][arguments.0.object.name='Money'][arguments.0.property.name='prototype']", 'no Money made without its constructor.'],
      // decimal.js keeps a value in `s` (sign), `e` (exponent) and `d` (digit words): private fields.
      ["AssignmentExpression[left.type='MemberExpression'][left.computed=false][left.property.name=/^[des]$/]", "no write to decimal.js's private fields (d, e, s)."],
      // decimal.js pins `constructor` on each instance; an accessor defeating the pin relies on that.
      [
        "CallExpression[callee.property.name='defineProperty'][arguments.0.object.name='Money'][arguments.0.property.name='prototype'][arguments.1.value='constructor']",
        "no accessor on Money's constructor.",
      ],
    ],
  },
  // Hooks and telemetry observe a call through one list of hooks: telemetry is a set of built-in hooks
  // (src/telemetry/trace-hooks.ts), and the call observer knows no tracing.
  'one-observer': {
    files: ['src/transport/call-observer.ts'],
    selectors: [
      [
        'Identifier[name=/^trace$|calltrace/i], PrivateIdentifier[name=/^trace$/i], Literal[value=/\\btrace\\b|calltrace|telemetry\\//i], TemplateElement[value.raw=/\\btrace\\b|calltrace|telemetry\\//i]',
        'the call observer names no trace: telemetry reaches it as hooks.',
      ],
      [
        'ImportDeclaration[source.value=/telemetry\\//], ExportNamedDeclaration[source.value=/telemetry\\//], ExportAllDeclaration[source.value=/telemetry\\//], ImportExpression[source.value=/telemetry\\//]',
        'the call observer imports nothing from telemetry/: telemetry reaches it as hooks.',
      ],
      ["Program:not(:has(TSInterfaceDeclaration[id.name='ObserverParts']))", 'the observer is built from ObserverParts (its one list of hooks); this file no longer declares it.'],
      ["TSInterfaceDeclaration[id.name='ObserverParts']:not(:has(TSPropertySignature[key.name='hooks']))", 'ObserverParts holds the one list of hooks, as `hooks`.'],
      [
        "TSInterfaceDeclaration[id.name='ObserverParts'] > TSInterfaceBody > TSPropertySignature:has(TSTypeReference[typeName.name=/^(PipelineHooks|CallHooks)$/]) ~ TSPropertySignature:has(TSTypeReference[typeName.name=/^(PipelineHooks|CallHooks)$/])",
        'the observer is built from one list of hooks, not a second list for telemetry.',
      ],
    ],
  },
  'one-observer-trace': {
    files: ['src/**/*.ts'],
    ignores: ['src/telemetry/**'],
    selectors: [["Identifier[name='CallTrace']", 'CallTrace is named only inside src/telemetry/: the SDK observes a call through hooks.']],
  },
  'one-observer-steps': {
    files: ['src/**/*.ts'],
    ignores: ['src/telemetry/call-trace.ts', 'src/telemetry/trace-hooks.ts'],
    selectors: [
      ["CallExpression[callee.object.name='trace']", "a trace's steps are called only by the telemetry hooks (src/telemetry/trace-hooks.ts)."],
      ["MemberExpression[object.name='CallTrace'][property.name!='start']", 'outside its file and the telemetry hooks, a CallTrace is only started (CallTrace.start).'],
    ],
  },
};
const bannedPlugin = { meta: { name: 'banned' }, rules: Object.fromEntries(Object.keys(BANNED).map((name) => [name, restrictedSyntax])) };
const bannedBlocks = Object.entries(BANNED).map(([name, { files, ignores = [], selectors }]) => ({
  files,
  ignores,
  rules: { [`banned/${name}`]: ['error', ...selectors.map(([selector, message]) => ({ selector, message }))] },
}));

// ---------------------------------------------------------------------------------------------
export default defineConfig(
  { ignores: ['dist/**', 'docs/api/**', 'coverage/**', '.ci/**', '.scratch/**', '**/*.js', '**/*.mjs', '**/*.cjs', '!eslint.config.js'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    plugins: { 'import-x': importX, banned: bannedPlugin },
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    settings: {
      // import-x reads the files an import reaches (no-cycle walks them) only with these extensions and parser.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      // `_`-named bindings leave a field out of a rest copy (`const { id: _id, ...rest } = row`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Off: in-memory stores, stubs and tools implement async interfaces; `async` turns a synchronous throw into the rejection their callers await.
      '@typescript-eslint/require-await': 'off',
      // Params types follow one pattern (`PedidoCriarParams extends ...`) even when they add nothing yet.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // An abort rejects with the signal's own reason (typed any by the DOM lib), as fetch does; a caught failure is handed on as it came.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      // A test's fake reads a variable in a closure before the test sets it: that `let` cannot be a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Off: the sanitisers match control characters on purpose (terminal text, NUL in stored text, path segments).
      'no-control-regex': 'off',
      // Standard Schema's published interface is a declared namespace; src/internal/standard-schema.ts copies it as the spec writes it.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      // ignoreExternal: a circle runs through our own files; walking into node_modules only costs time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
      // The Redis code is loaded by `import()` when a client first uses `rateLimit: { redis }`, so
      // `import 'partner-commerce'` never loads it: outside src/redis/ only type imports and import() reach it.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^\\.\\.?/(?:.*/)?redis/', allowTypeImports: true, message: 'the Redis code loads lazily: reach src/redis/ through import() or a type-only import.' }],
        },
      ],
    },
  },
  { files: ['src/redis/**/*.ts'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
  {
    files: ['src/cli/**/*.ts'],
    rules: {
      // Off in the CLI: its io (CliIo) is a record of arrow functions handed around as callbacks; no method there reads `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['src/cli/program.ts'],
    rules: {
      // Off here: commander hands each action its parsed flags as any; each command's flags type is declared beside the command.
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  ...bannedBlocks,
  {
    // src/internal/ holds tiny helpers that are no public name: outside src/ only their own unit tests
    // (test/internal/) reach them, and the mirror's proofs compare stores in the canonical JSON the mirror writes.
    files: ['test/**/*.ts', 'bench/**/*.ts', 'examples/**/*.ts'],
    ignores: ['test/internal/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [{ target: ['./test', './bench', './examples'], from: './src/internal', except: ['./canonical-json.ts'], message: 'src/internal/ is not importable from outside src/.' }],
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      // Off in tests and benchmarks: they read JSON answers, spy arguments and mock payloads, which are any by nature; the assertions are what check them.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // Off: a test's failure text prints whatever it got, whatever its type.
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      // Off: tests hand methods to expect(), expectTypeOf() and spies, which never call them on a lost `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['test/**/*.test-d.ts'],
    // Off: a type test writes an expression for the compiler to judge (often under @ts-expect-error).
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    files: ['examples/**/*.ts'],
    rules: {
      // A Money prints as its amount with two decimals (its toString), which is what an example shows.
      '@typescript-eslint/restrict-template-expressions': ['error', { allow: [{ from: 'file', name: 'Money' }] }],
      // Off: the SDK's handlers are built from arrow functions; an example hands `handler.fetch` on as a partner's server does.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['eslint.config.js'],
    extends: [js.configs.recommended, tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { process: 'readonly' } },
  },
);
