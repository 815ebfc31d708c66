// Loader hook (node --import): counts every zod schema or check constructed in the process, in
// globalThis.__zodConstructed, by instrumenting zod's `$constructor` as its file is loaded.
import { register } from 'node:module';

if (!globalThis.__countHookRegistered) {
  globalThis.__countHookRegistered = true;
  register(
    'data:text/javascript,' +
      encodeURIComponent(`
export async function load(url, context, next) {
  const result = await next(url, context);
  if (!/\\/zod\\/v4\\/core\\/core\\.c?js$/.test(url)) return result;
  const source = String(result.source);
  const patched = source.replace('function _(def) {', 'function _(def) { globalThis.__zodConstructed = (globalThis.__zodConstructed ?? 0) + 1;');
  if (patched === source) throw new Error('count-zod-schemas: zod core changed, update the hook');
  return { ...result, source: patched };
}`),
  );
}
