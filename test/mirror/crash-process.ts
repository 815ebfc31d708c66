/**
 * The process test/mirror/crash.test.ts kills: opens the mirror on STORE (`pglite:<dir>` or
 * `postgres:<url>`), then either backfills from the fake API at FAKE_URL (printing `page N` as each page
 * commits, then waiting PACE ms) or applies the `produto.lote` in LOTE_FILE (printing `applying` first). Prints `done` at the end.
 */
import { readFileSync } from 'node:fs';
import { PartnerCommerce } from '../../src/index.js';
import { createMirror, createPgliteStore, createPostgresStore } from '../../src/mirror/index.js';
import { parseWebhook } from '../../src/webhooks/index.js';

const [mode, store, arg, pace] = process.argv.slice(2) as ['backfill' | 'lote', string, string, string | undefined];
// Pacing between pages (ms), so the parent's kill lands mid-scan rather than after the last page.
const paceMs = Number(pace ?? 0);
const [kind, ...rest] = store.split(':');
const where = rest.join(':');
const client = new PartnerCommerce({ token: 'svc_sbx_crash', baseUrl: mode === 'backfill' ? arg : 'http://127.0.0.1:9', rateLimit: false, logLevel: 'off' });
const mirror = createMirror({ client, store: kind === 'pglite' ? createPgliteStore({ dataDir: where }) : createPostgresStore({ connectionString: where, max: 2 }) });
await mirror.open();
if (mode === 'backfill') {
  await mirror.backfill({
    onPagina: async (e) => {
      process.stdout.write(`page ${e.paginas}\n`);
      if (paceMs > 0) await new Promise((resolve) => setTimeout(resolve, paceMs));
    },
  });
} else {
  const lote = parseWebhook(readFileSync(arg, 'utf8'));
  process.stdout.write('applying\n');
  await mirror.applyEvent(lote);
}
await mirror.close();
process.stdout.write('done\n');
