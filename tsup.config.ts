import { defineConfig } from 'tsup';

const DISPOSABLE_LIB = '/// <reference lib="esnext.disposable" />';

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      webhooks: 'src/webhooks/index.ts',
      testing: 'src/testing/index.ts',
      redis: 'src/redis/index.ts',
      mirror: 'src/mirror/index.ts',
    },
    format: ['esm', 'cjs'],
    // close() pairs with [Symbol.asyncDispose] on the client, limiter, stores, mirror and handler; the
    // declarations bring the lib that types it, so a consumer on lib ES2022 without @types/node compiles.
    dts: { banner: DISPOSABLE_LIB },
    sourcemap: true,
    // dist/ is emptied by `npm run build` before both builds run (they run at the same time).
    clean: false,
    target: 'node20',
    platform: 'neutral',
    // Shared chunks keep one copy of each error class per format, so instanceof holds across entries.
    splitting: true,
    treeshake: true,
    // Keep `node:` specifiers: Deno and workers only resolve built-ins with the prefix.
    removeNodeProtocol: false,
    external: [/^node:/],
  },
  {
    // The command line and its building blocks: Node only. commander is bundled in, so the
    // package gains no runtime dependency for partners who never run the CLI.
    entry: { cli: 'src/cli/index.ts', 'cli-bin': 'src/cli/bin.ts' },
    format: ['esm', 'cjs'],
    dts: { entry: { cli: 'src/cli/index.ts' }, banner: DISPOSABLE_LIB },
    sourcemap: true,
    clean: false,
    target: 'node20',
    platform: 'node',
    splitting: true,
    treeshake: true,
    removeNodeProtocol: false,
    noExternal: ['commander'],
    // commander is CommonJS: its require() of Node built-ins needs a real require inside the ESM bundle.
    banner: ({ format }) => (format === 'esm' ? { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" } : {}),
  },
]);
