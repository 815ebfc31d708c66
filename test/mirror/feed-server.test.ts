/**
 * The mirror's change feed over HTTP (serveMirror) and its reader (readMirrorFeed), on the memory
 * store: snapshot then changes, resuming, long-poll and SSE woken by a commit, ETag/304, the hostile
 * requests (malformed offset, huge limit, foreign Host, missing or wrong token, other methods, an
 * offset retention removed), and a Durable Streams client reading our server. Every store kind is in
 * feed-stores.test.ts.
 */
import { request as httpRequest, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stream } from '@durable-streams/client';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidInputError, UnexpectedResponseError } from '../../src/errors/index.js';
import { createMemoryStore, readMirrorFeed, serveMirror, type Mirror, type MirrorFeedBatch, type MirrorFeedMessage, type MirrorFeedServer, type MirrorStore } from '../../src/mirror/index.js';
import { feedMirror, getFeed, loteOf, skus } from './feed-fixtures.js';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

async function served(options: Partial<Parameters<typeof serveMirror>[0]> = {}, products = 25, store: MirrorStore = createMemoryStore()): Promise<{ mirror: Mirror; feed: MirrorFeedServer }> {
  const mirror = feedMirror(store);
  open.push(mirror);
  if (products > 0) await mirror.applyEvent(loteOf(skus(products), 10));
  const feed = await serveMirror({ mirror, pageSize: 10, ...options });
  open.push(feed);
  return { mirror, feed };
}

async function collect(iterator: AsyncIterable<MirrorFeedBatch>, until: (batches: MirrorFeedBatch[]) => boolean = () => false): Promise<MirrorFeedBatch[]> {
  const batches: MirrorFeedBatch[] = [];
  for await (const batch of iterator) {
    batches.push(batch);
    if (until(batches)) break;
  }
  return batches;
}

/** A memory store that tells when one of its reads is next called (and has answered). */
function spiedStore(): { store: MirrorStore; next(name: 'changes' | 'lastPosition'): Promise<void> } {
  const inner = createMemoryStore();
  const waiting: Array<{ name: string; done: () => void }> = [];
  const tell = (name: string) => {
    for (const w of waiting.splice(0))
      if (w.name === name) w.done();
      else waiting.push(w);
  };
  const store: MirrorStore = Object.assign(Object.create(inner) as MirrorStore, {
    changes: async (after: number, limit: number) => {
      const result = await inner.changes(after, limit);
      tell('changes');
      return result;
    },
    lastPosition: async () => {
      const result = await inner.lastPosition();
      tell('lastPosition');
      return result;
    },
  });
  return { store, next: (name) => new Promise<void>((done) => waiting.push({ name, done })) };
}

const skusOf = (messages: readonly MirrorFeedMessage[]) => messages.map((m) => `${m.type}:${m.sku}`);

/** A raw request with a Host header of our choosing (fetch sets its own). */
function rawGet(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host } }, (res) => (res.resume(), resolve(res.statusCode ?? 0)));
    req.on('error', reject);
    req.end();
  });
}

describe('serveMirror: the change feed over HTTP', () => {
  it('sends the snapshot in sku order, page by page, then the changes after it; a saved offset resumes there', async () => {
    const { mirror, feed } = await served();
    expect(feed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/feed$/);
    const first = await getFeed(feed.url, { offset: '-1' });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('application/json');
    const page1 = (await first.json()) as MirrorFeedMessage[];
    expect(skusOf(page1)).toEqual(skus(10).map((s) => `snapshot:${s}`));
    expect(first.headers.has('stream-up-to-date')).toBe(false);
    const all = await collect(readMirrorFeed(feed.url));
    expect(all.flatMap((b) => skusOf(b.messages))).toEqual(skus(25).map((s) => `snapshot:${s}`));
    expect(all.at(-1)!.upToDate).toBe(true);
    expect(all.every((b) => b.rejected.length === 0 && !b.restarted)).toBe(true);
    const saved = all.at(-1)!.offset;

    await mirror.applyEvent(loteOf(['FEED-0003', 'NOVO-1'], 20));
    const resumed = await collect(readMirrorFeed(feed.url, { from: saved }));
    expect(resumed.flatMap((b) => skusOf(b.messages))).toEqual(['change:FEED-0003', 'change:NOVO-1']);
    const change = resumed[0]!.messages[0]!;
    expect(change).toMatchObject({ type: 'change', kind: 'alterado', origin: 'webhook' });
    // Offsets sort as strings, as the protocol compares them.
    expect(resumed.at(-1)!.offset > saved).toBe(true);
    // From the latest offset: nothing more, up to date.
    const again = await collect(readMirrorFeed(feed.url, { from: resumed.at(-1)!.offset }));
    expect(again).toEqual([expect.objectContaining({ messages: [], upToDate: true })]);
  });

  // A long-poll that times out reads once more, so the wait is longer than the test's timeout: a wake
  // that fails makes the test time out instead of passing late.
  it('a long-poll at the tail is answered by the next commit of the mirror (no poll: its interval is an hour)', async () => {
    const spied = spiedStore();
    const { mirror, feed } = await served({ pollIntervalMs: 3_600_000, longPollMs: 600_000 }, 25, spied.store);
    const tail = (await collect(readMirrorFeed(feed.url))).at(-1)!.offset;
    // HEAD gives the same tail.
    const head = await fetch(feed.url, { method: 'HEAD' });
    expect(head.headers.get('stream-next-offset')).toBe(tail);
    // The request reads the empty tail, then registers and checks once: only then is the commit made,
    // so the answer can only come from the wake.
    const readTail = spied.next('changes').then(() => spied.next('lastPosition'));
    const waiting = getFeed(feed.url, { offset: tail, live: 'long-poll' });
    await readTail;
    await mirror.applyEvent(loteOf(['FEED-0001'], 30));
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('stream-cursor')).toMatch(/^\d+$/);
    expect(skusOf((await answer.json()) as MirrorFeedMessage[])).toEqual(['change:FEED-0001']);
  });

  it('a long-poll with nothing new ends 204 with the same offset and Stream-Up-To-Date', async () => {
    const { feed } = await served({ longPollMs: 50 });
    const tail = (await collect(readMirrorFeed(feed.url))).at(-1)!.offset;
    const answer = await getFeed(feed.url, { offset: tail, live: 'long-poll' });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('stream-next-offset')).toBe(tail);
    expect(answer.headers.get('stream-up-to-date')).toBe('true');
  });

  it('live=sse sends the snapshot as data events with control events, then each commit', async () => {
    const { mirror, feed } = await served({ pollIntervalMs: 3_600_000 });
    const answer = await getFeed(feed.url, { offset: '-1', live: 'sse' });
    expect(answer.headers.get('content-type')).toBe('text/event-stream');
    const reader = answer.body!.pipeThrough(new TextDecoderStream()).getReader();
    const events: Array<{ event: string; data: unknown }> = [];
    let buffer = '';
    const next = async (predicate: (e: { event: string; data: unknown }) => boolean) => {
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += value;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event = /^event: (.*)$/m.exec(block)![1]!;
          events.push({ event, data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) });
        }
      }
    };
    await next((e) => e.event === 'control' && (e.data as { upToDate?: boolean }).upToDate === true);
    const snapshot = events.filter((e) => e.event === 'data').flatMap((e) => e.data as MirrorFeedMessage[]);
    expect(skusOf(snapshot)).toEqual(skus(25).map((s) => `snapshot:${s}`));
    await mirror.applyEvent(loteOf(['FEED-0002'], 30));
    const change = await next((e) => e.event === 'data' && (e.data as MirrorFeedMessage[])[0]?.type === 'change');
    expect(skusOf(change.data as MirrorFeedMessage[])).toEqual(['change:FEED-0002']);
    await reader.cancel();
  });

  it('a catch-up page carries an ETag and is cacheable; If-None-Match gets 304; the page at the tail is no-store', async () => {
    const { feed } = await served();
    const first = await getFeed(feed.url, { offset: '-1' });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const again = await getFeed(feed.url, { offset: '-1' }, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get('stream-next-offset')).toBe(first.headers.get('stream-next-offset'));
    const last = await getFeed(feed.url, { offset: '-1', limit: '100' });
    expect(last.headers.get('stream-up-to-date')).toBe('true');
    expect(last.headers.get('cache-control')).toBe('no-store');
    expect(last.headers.has('etag')).toBe(false);
  });

  it('refuses a malformed offset, limit or live with 400, and clamps a huge limit to maxPageSize', async () => {
    const { feed } = await served({ maxPageSize: 5 });
    const bad = [
      'abc',
      '',
      '1',
      '0000000000000001.zz.abcdefgh',
      '0000000000000001.~.ABC',
      `0000000000000001.${'ab'.repeat(600)}.abcdefgh`,
      '0000000000000001.ff.abcdefgh',
      '99999999999999999.~.abcdefgh',
    ];
    for (const offset of bad) {
      const answer = await getFeed(feed.url, { offset });
      expect({ offset, status: answer.status }).toEqual({ offset, status: 400 });
      expect(((await answer.json()) as { erro: { codigo: string } }).erro.codigo).toBe('PARAMETRO_INVALIDO');
    }
    for (const limit of ['0', '-1', '1e3', 'abc', '1.5']) expect((await getFeed(feed.url, { offset: '-1', limit })).status).toBe(400);
    expect((await getFeed(feed.url, { offset: '-1', live: 'websocket' })).status).toBe(400);
    const huge = await getFeed(feed.url, { offset: '-1', limit: '9999999999999999' });
    expect(huge.status).toBe(200);
    expect(((await huge.json()) as unknown[]).length).toBe(5);
  });

  it('answers only a loopback Host with its own port (421 otherwise), and only GET and HEAD (405)', async () => {
    const { feed } = await served();
    expect(await rawGet(feed.url, `127.0.0.1:${feed.port}`)).toBe(200);
    expect(await rawGet(feed.url, `localhost:${feed.port}`)).toBe(200);
    expect(await rawGet(feed.url, `evil.example:${feed.port}`)).toBe(421);
    expect(await rawGet(feed.url, `127.0.0.1:${feed.port + 1}`)).toBe(421);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const answer = await fetch(feed.url, { method, body: method === 'DELETE' ? undefined : '[]' });
      expect({ method, status: answer.status, allow: answer.headers.get('allow') }).toEqual({ method, status: 405, allow: 'GET, HEAD' });
    }
    expect((await fetch(new URL('/other', feed.url))).status).toBe(404);
  });

  it('refuses to bind beyond loopback without a token, naming token; with one, a missing or wrong token is 401', async () => {
    const mirror = feedMirror(createMemoryStore());
    open.push(mirror);
    const refused = await serveMirror({ mirror, host: '0.0.0.0' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect((refused as InvalidInputError).issues.map((i) => i.path)).toEqual(['token']);
    const short = await serveMirror({ mirror, token: 'short' }).catch((e: unknown) => e);
    expect((short as InvalidInputError).issues.map((i) => i.path)).toEqual(['token']);
    const bad = await serveMirror({ mirror, port: 70_000, pageSize: 0, longPollMs: -1 }).catch((e: unknown) => e);
    expect((bad as InvalidInputError).issues.map((i) => i.path)).toEqual(['port', 'pageSize', 'longPollMs']);

    const token = 'feed-token-0123456789abcdef';
    const { feed } = await served({ token });
    expect((await getFeed(feed.url, { offset: '-1' })).status).toBe(401);
    expect((await getFeed(feed.url, { offset: '-1' }, { authorization: 'Bearer feed-token-0123456789abcdeX' })).status).toBe(401);
    const ok = await getFeed(feed.url, { offset: '-1' }, { authorization: `Bearer ${token}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('private, max-age=60');
    await expect(collect(readMirrorFeed(feed.url))).rejects.toMatchObject({ status: 401 });
    expect((await collect(readMirrorFeed(feed.url, { token }))).flatMap((b) => b.messages)).toHaveLength(25);
  });

  it('answers 410 for an offset older than retention kept or of another feed; the reader starts over from -1, restarted', async () => {
    const { mirror, feed } = await served();
    const tail = (await collect(readMirrorFeed(feed.url))).at(-1)!.offset;
    await mirror.applyEvent(loteOf(['FEED-0004'], 40));
    const store = await mirror.open();
    const last = await store.lastPosition();
    await store.transaction((tx) => tx.setState('retention.compactedThrough', last));
    const gone = await getFeed(feed.url, { offset: tail });
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { erro: { codigo: string } }).erro.codigo).toBe('OFFSET_EXPIRADO');
    const foreign = tail.replace(/\.[0-9a-z]+$/, '.otherfeed1');
    expect((await getFeed(feed.url, { offset: foreign })).status).toBe(410);
    const past = String(last + 1_000).padStart(16, '0');
    expect((await getFeed(feed.url, { offset: tail.replace(/^\d+/, past) })).status).toBe(410);

    const batches = await collect(readMirrorFeed(feed.url, { from: tail }));
    expect(batches[0]!.restarted).toBe(true);
    expect(batches.slice(1).some((b) => b.restarted)).toBe(false);
    expect(batches.flatMap((b) => skusOf(b.messages))).toEqual(skus(25).map((s) => `snapshot:${s}`));
  });

  it('the reader keeps the messages that fit and hands the others in rejected, never thrown', async () => {
    const good: MirrorFeedMessage = { type: 'snapshot', sku: 'A', produto: { sku: 'A', atualizadoEm: '2026-11-01T12:00:00Z', ativo: true }, missingSince: null, position: 1 };
    const body = [good, { type: 'snapshot', sku: 'B', position: -1 }, 'text', { ...good, type: 'other' }];
    const fake: typeof fetch = async () => new Response(JSON.stringify(body), { headers: { 'stream-next-offset': '0000000000000001.~.abcdefgh', 'stream-up-to-date': 'true' } });
    const [batch] = await collect(readMirrorFeed('http://127.0.0.1:1/feed', { fetch: fake }));
    expect(batch!.messages).toEqual([good]);
    expect(batch!.rejected.map((r) => r.message)).toEqual(body.slice(1));
    const badOffset: typeof fetch = async () => new Response('[]', { headers: { 'stream-next-offset': '../../x' } });
    await expect(collect(readMirrorFeed('http://127.0.0.1:1/feed', { fetch: badOffset }))).rejects.toBeInstanceOf(UnexpectedResponseError);
    await expect(collect(readMirrorFeed('ftp://x/feed', { from: 'x', limit: 0 }))).rejects.toMatchObject({ issues: [{ path: 'url' }, { path: 'from' }, { path: 'limit' }] });
  });

  it('the reader never follows a redirect (the token would go along)', async () => {
    let reached = 0;
    const target = createServer((_req, res) => (reached++, res.end('[]')));
    const redirecting = createServer((_req, res) => (res.writeHead(302, { location: `http://127.0.0.1:${(target.address() as AddressInfo).port}/feed` }), res.end()));
    for (const server of [target, redirecting]) {
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      open.push({ close: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))) });
    }
    const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/feed`;
    await expect(collect(readMirrorFeed(url, { token: 'secret-token-0123456789' }))).rejects.toMatchObject({ status: 302 });
    expect(reached).toBe(0);
  });

  it('the reader resumes from its last offset after the server went away, and follows live changes', async () => {
    const { mirror, feed } = await served({ pollIntervalMs: 3_600_000 });
    const controller = new AbortController();
    const seen: string[] = [];
    let calls = 0;
    // The first request after the snapshot fails as a dropped connection would.
    const flaky: typeof fetch = async (input, init) => {
      if (++calls === 2) throw new TypeError('fetch failed');
      return fetch(input, init);
    };
    const reading = (async () => {
      for await (const batch of readMirrorFeed(feed.url, { live: true, limit: 100, fetch: flaky, signal: controller.signal })) {
        seen.push(...skusOf(batch.messages));
        if (batch.upToDate && seen.length === 25) await mirror.applyEvent(loteOf(['FEED-0005'], 50));
        if (seen.includes('change:FEED-0005')) break;
      }
    })();
    await reading;
    expect(seen).toEqual([...skus(25).map((s) => `snapshot:${s}`), 'change:FEED-0005']);
    expect(calls).toBeGreaterThanOrEqual(3);
  });

  it('a Durable Streams client reads our server: catch-up, long-poll and SSE', async () => {
    const { mirror, feed } = await served({ pollIntervalMs: 3_600_000 });
    // live: false is one request; json() over long-poll reads on until Stream-Up-To-Date.
    const onePage = await stream<MirrorFeedMessage>({ url: feed.url, offset: '-1', live: false });
    expect(skusOf(await onePage.json())).toEqual(skus(10).map((s) => `snapshot:${s}`));
    const caughtUp = await stream<MirrorFeedMessage>({ url: feed.url, offset: '-1', live: 'long-poll' });
    expect(skusOf(await caughtUp.json())).toEqual(skus(25).map((s) => `snapshot:${s}`));
    for (const live of ['long-poll', 'sse'] as const) {
      const controller = new AbortController();
      const res = await stream<MirrorFeedMessage>({ url: feed.url, offset: '-1', live, signal: controller.signal, json: true });
      const items: MirrorFeedMessage[] = [];
      const sku = live === 'sse' ? 'FEED-0010' : 'FEED-0011';
      await new Promise<void>((done, fail) => {
        let sent = false;
        res.subscribeJson(async (batch) => {
          items.push(...batch.items);
          if (batch.upToDate && !sent) {
            sent = true;
            await mirror.applyEvent(loteOf([sku], live === 'sse' ? 60 : 70));
          }
          if (items.some((m) => m.type === 'change' && m.sku === sku)) done();
        });
        res.closed.catch(fail);
      });
      controller.abort();
      expect(items.filter((m) => m.type === 'snapshot')).toHaveLength(25);
      expect(items.filter((m) => m.type === 'change').map((m) => m.sku)).toContain(sku);
    }
  });
});
