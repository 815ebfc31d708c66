/**
 * The process test/mirror/crash.test.ts kills: opens the mirror on STORE (`pglite:<dir>`, `sqlite:<file>`
 * or `postgres:<url>`), then either backfills from the fake API at FAKE_URL or applies the `produto.lote`
 * in LOTE_FILE, and prints `done` at the end. It dies at the named point in `KILL_AT` (kill-points.ts):
 * `list N answered` (the N-th page of the list arrived, not yet stored; the next page is fetched ahead, so
 * this point races the commit of the page before), `page N` (the N-th page and its
 * checkpoint committed), `applying` (the lote parsed, nothing applied), and `tx N body-done` /
 * `tx N committed` around each store transaction.
 */
import { readFileSync } from 'node:fs';
import { PartnerCommerce } from '../../src/index.js';
import { createMirror } from '../../src/mirror/index.js';
import { parseWebhook } from '../../src/webhooks/index.js';
import { killPoint, withTransactionPoints } from './kill-points.js';
import { storeAt } from './store-at.js';

const [mode, store, arg] = process.argv.slice(2) as ['backfill' | 'lote', string, string];
let lists = 0;
const countingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (new URL(input instanceof Request ? input.url : String(input)).pathname === '/v1/produtos') killPoint(`list ${++lists} answered`);
  return res;
};
const client = new PartnerCommerce({ token: 'svc_sbx_crash', baseUrl: mode === 'backfill' ? arg : 'http://127.0.0.1:9', rateLimit: false, logLevel: 'off', fetch: countingFetch });
const opened = storeAt(store);
const mirror = createMirror({ client, store: withTransactionPoints(opened) });
await mirror.open();
if (mode === 'backfill') {
  await mirror.backfill({ onPage: (e) => killPoint(`page ${e.pages}`) });
} else {
  const lote = parseWebhook(readFileSync(arg, 'utf8'));
  killPoint('applying');
  await mirror.applyEvent(lote);
}
await mirror.close();
process.stdout.write('done\n');
