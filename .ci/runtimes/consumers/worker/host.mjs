// Runs worker.bundle.js in workerd through miniflare, from Node: starts the testing kit's fake server on
// 127.0.0.1 here in the host, passes its URL to the worker as a binding, posts a notice to the mounted
// handler and runs the worker's checks. Usage: node host.mjs <tools dir with miniflare> [label]
//
// Reaching the host's loopback: miniflare's default outbound service ("internet") is a workerd network
// service allowing "public" and "private" addresses (private includes 127.0.0.0/8), so the worker's
// fetch to http://127.0.0.1:<port> reaches the host directly; no outboundService is needed. (Deployed
// Cloudflare Workers cannot reach private addresses; this is local-only.)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createFakeApi } from 'partner-commerce/testing';
import { SAMPLE_EVENT } from '../shared/smoke-core.mjs';

const [toolsDir, label = 'workerd (miniflare)'] = process.argv.slice(2);
if (!toolsDir) throw new Error('usage: node host.mjs <tools dir> [label]');
const { Miniflare } = createRequire(join(toolsDir, 'node_modules', '_'))('miniflare');

const here = new URL('.', import.meta.url);
const meta = JSON.parse(readFileSync(new URL('worker.meta.json', here), 'utf8'));
const inputs = Object.keys(meta.inputs);
const external = Object.values(meta.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => `${i.kind === 'dynamic-import' ? 'import()' : 'import'} ${i.path}`));
// Only the client and the webhooks entry belong in the worker: never the testing kit or msw.
const unwanted = inputs.filter((p) => /partner-commerce\/dist\/testing|node_modules\/msw\//.test(p));
if (unwanted.length) throw new Error(`worker bundle pulled in: ${unwanted.join(', ')}`);

const started = performance.now();
const fake = createFakeApi();
const { url, close } = await fake.listen();
const mf = new Miniflare({
  modules: [{ type: 'ESModule', path: 'worker.js', contents: readFileSync(new URL('worker.bundle.js', here), 'utf8') }],
  compatibilityDate: '2026-01-01',
  bindings: { FAKE_API_URL: url },
});
let failed = false;
try {
  const posted = await mf.dispatchFetch('http://worker.test/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SAMPLE_EVENT) });
  if (posted.status !== 200) throw new Error(`POST /webhook to the mounted handler: status ${posted.status} ${await posted.text()}`);
  const res = await mf.dispatchFetch('http://worker.test/');
  const out = await res.json();
  if (!out.ok) throw new Error(`worker checks failed:\n${out.error}`);
  if (out.delivered !== 1) throw new Error(`mounted handler ran ${out.delivered} times, expected 1`);
  const bundleKb = (meta.outputs[Object.keys(meta.outputs)[0]].bytes / 1024).toFixed(0);
  console.log(`ok   ${label.padEnd(22)} ${out.line}; mounted handler 200 (${Math.round(performance.now() - started)} ms, bundle ${bundleKb} kB)`);
  if (external.length) console.log(`     note: the worker bundle keeps ${external.join(', ')} (wrangler warns about these without nodejs_compat; never reached here)`);
} catch (error) {
  failed = true;
  console.error(`FAIL ${label}:`, error);
} finally {
  await mf.dispose();
  await close();
}
if (failed) process.exit(1);
