/**
 * `partner-commerce mirror serve`, in process through runCli: it prints the feed's URL, serves what the
 * folder's store holds (--no-sync), follows the local sandbox into the feed a live reader sees, refuses
 * to bind beyond loopback without --feed-token, and Ctrl-C (the `stopped` promise) ends it with 0.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/program.js';
import { startSandbox, type LocalSandbox } from '../../src/cli/index.js';
import { createPgliteStore, readMirrorFeed, type MirrorFeedMessage } from '../../src/mirror/index.js';
import { feedMirror, loteOf, skus } from '../mirror/feed-fixtures.js';
import { pgliteFolder } from '../mirror/pglite-template.js';

const TOKEN = 'svc_sbx_cli_mirror_0123';
let sandbox: LocalSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ catalogSize: 30, rateLimit: false, journalDir: mkdtempSync(join(tmpdir(), 'pc-feed-journal-')) });
}, 60_000);
afterAll(() => sandbox?.close());

/** Runs the command until `stop()`; `line()` resolves with the first output line matching. */
function serve(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const waiters: Array<{ match: (l: string) => boolean; done: (l: string) => void }> = [];
  let stop!: () => void;
  const stopped = new Promise<void>((done) => (stop = done));
  const push = (l: string) => {
    out.push(l);
    for (const w of [...waiters]) {
      if (w.match(l)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.done(l);
      }
    }
  };
  const code = runCli(['mirror', 'serve', ...args], { io: { out: push, err: (l) => err.push(l) }, stopped, env: {} });
  // An exit before the line is a failure the test shows, not a hang.
  const line = (match: (l: string) => boolean) => {
    const found = out.find(match);
    const exited = code.then((c) => Promise.reject(new Error(`exited ${c}: ${err.join(' | ')}`)));
    return found !== undefined ? Promise.resolve(found) : Promise.race([new Promise<string>((done) => waiters.push({ match, done })), exited]);
  };
  return { code, line, stop, out, err };
}

async function readAll(url: string): Promise<MirrorFeedMessage[]> {
  const messages: MirrorFeedMessage[] = [];
  for await (const batch of readMirrorFeed(url, { limit: 1000 })) messages.push(...batch.messages);
  return messages;
}

describe('partner-commerce mirror serve', () => {
  it('prints the URL and serves the folder it is given (--no-sync); Ctrl-C ends it with 0', async () => {
    const dir = pgliteFolder(mkdtempSync(join(tmpdir(), 'pc-feed-dir-')));
    const filled = feedMirror(createPgliteStore({ dataDir: dir }));
    await filled.applyEvent(loteOf(skus(12), 10));
    await filled.close();
    const run = serve(['--dir', dir, '--port', '0', '--no-sync', '--json']);
    const url = (JSON.parse(await run.line((l) => l.includes('serving'))) as { url: string }).url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/feed$/);
    expect((await readAll(url)).map((m) => m.sku)).toEqual(skus(12));
    run.stop();
    expect(await run.code).toBe(0);
    expect(run.out.at(-1)).toBe('{"type":"stopped"}');
  });

  it('follows the API into the feed: a live reader sees every product of the catalog', async () => {
    const dir = pgliteFolder(mkdtempSync(join(tmpdir(), 'pc-feed-dir-')));
    const run = serve(['--dir', dir, '--port', '0', '--interval', '1h', '--token', TOKEN, '--base-url', sandbox.url]);
    const url = /(http:\/\/\S+\/feed)/.exec(await run.line((l) => l.startsWith('change feed at')))![1]!;
    const seen = new Set<string>();
    for await (const batch of readMirrorFeed(url, { live: true })) {
      for (const m of batch.messages) seen.add(m.sku);
      if (seen.size === 30) break;
    }
    expect([...seen].sort()).toEqual(
      sandbox.fake.catalog
        .products()
        .map((p) => p.sku)
        .sort(),
    );
    run.stop();
    expect(await run.code).toBe(0);
  });

  it('refuses to bind beyond loopback without --feed-token, naming the flag (usage, nothing served)', async () => {
    const dir = pgliteFolder(mkdtempSync(join(tmpdir(), 'pc-feed-dir-')));
    const run = serve(['--dir', dir, '--host', '0.0.0.0', '--port', '0', '--no-sync']);
    expect(await run.code).toBe(2);
    expect(run.err.join('\n')).toContain('--feed-token');
    expect(run.out).toEqual([]);
  });
});
