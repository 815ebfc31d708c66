import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    webhooks: 'src/webhooks/index.ts',
    testing: 'src/testing/index.ts',
    mirror: 'src/mirror/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'neutral',
  // Shared chunks keep one copy of each error class per format, so instanceof holds across entries.
  splitting: true,
  treeshake: true,
  // Keep `node:` specifiers: Deno and workers only resolve built-ins with the prefix.
  removeNodeProtocol: false,
  external: [/^node:/],
});
