import { describe, expect, it } from 'vitest';
import { MirrorProgress } from '../../src/cli/mirror/progress.js';
import type { BackfillState } from '../../src/mirror/index.js';

const estado = (pages: number): BackfillState => ({
  generation: 1,
  phase: 'varredura',
  cursor: 'c',
  pages,
  products: pages * 100,
  serverStartMs: null,
  newestMs: null,
  elapsedMs: 0,
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: null,
  expected: null,
  fetches: null,
  quarantine: 0,
});

function capture(mode: 'tty' | 'plain' | 'json') {
  const out: string[] = [];
  const err: string[] = [];
  const raw: string[] = [];
  const progress = new MirrorProgress({ out: (l) => void out.push(l), err: (l) => void err.push(l) }, mode, (t) => void raw.push(t));
  return { progress, out, err, raw };
}

describe('mirror progress', () => {
  it("on a terminal redraws one line per page, the bar filling with the backfill's products against the last scan's count while the budget drains; then ends it before the result", () => {
    const { progress, out, err, raw } = capture('tty');
    progress.page({ ...estado(1), expected: 400 }, { limit: 60, remaining: 45, calls: 1 });
    progress.page({ ...estado(2), expected: 400 }, { limit: 60, remaining: 30, calls: 2 });
    progress.page({ ...estado(3), expected: 400 }, { limit: 60, remaining: 15, calls: 3 });
    expect(raw).toEqual([
      `\r\x1b[2Kbackfill [${'█'.repeat(5)}${'░'.repeat(15)}] page 1 · 100/~400 products · rate budget 45/60 left`,
      `\r\x1b[2Kbackfill [${'█'.repeat(10)}${'░'.repeat(10)}] page 2 · 200/~400 products · rate budget 30/60 left`,
      `\r\x1b[2Kbackfill [${'█'.repeat(15)}${'░'.repeat(5)}] page 3 · 300/~400 products · rate budget 15/60 left`,
    ]);
    expect(err).toEqual([]);
    progress.backfillDone({ generation: 1, calls: 2, pages: 2, applied: 200, missing: 0, resumed: false, restarted: false, quarantined: 0 });
    expect(raw.at(-1)).toBe('\n');
    expect(out).toEqual(['backfill done: 2 pages, 200 changes applied, 0 products no longer listed, 2 calls in this run']);
  });

  it('a catalog grown past the estimate keeps the bar short of full until the last page; a first scan (no estimate) shows an empty bar until then', () => {
    const { progress, raw } = capture('tty');
    progress.page({ ...estado(5), expected: 400 }, { limit: 60, remaining: 60, calls: 5 });
    progress.page({ ...estado(6), phase: 'limpeza', expected: 400 }, { limit: 60, remaining: 60, calls: 6 });
    progress.page(estado(1), { limit: 60, remaining: 1, calls: 1 });
    progress.page({ ...estado(2), phase: 'limpeza' }, { limit: 60, remaining: 1, calls: 2 });
    expect(raw.map((l) => /backfill (\[.*?\])/.exec(l)?.[1])).toEqual([`[${'█'.repeat(19)}░]`, `[${'█'.repeat(20)}]`, `[${' '.repeat(20)}]`, `[${'█'.repeat(20)}]`]);
  });

  it('elsewhere writes plain lines to standard error, or JSON lines to standard output with --json', () => {
    const plain = capture('plain');
    plain.progress.page(estado(3), { limit: null, remaining: null, calls: 3 });
    expect(plain.err).toEqual([`backfill [${' '.repeat(20)}] page 3 · 300 products · rate budget unknown`]);
    expect(plain.raw).toEqual([]);
    const json = capture('json');
    json.progress.page(estado(3), { limit: 60, remaining: 1, calls: 3 });
    json.progress.stopped({ during: 'backfill', pages: 3 });
    expect(json.out.map((l) => JSON.parse(l) as unknown)).toEqual([
      { type: 'page', generation: 1, pages: 3, products: 300, expected: null, phase: 'varredura', rateLimit: { limit: 60, remaining: 1 } },
      { type: 'stopped', during: 'backfill', pages: 3 },
    ]);
  });

  it('shows the cost of list items fetched whole before it is spent, and the products set aside, on the page line and in the result', () => {
    const { progress, out, err } = capture('plain');
    progress.warning({
      kind: 'fetches',
      message: '100 of 100 listed items lack numeracoes; fetching each whole: about 152 calls for the scan (150 product fetches)',
      estimate: { reason: 'list items lack numeracoes', missingFields: ['numeracoes'], perHundred: 100, expectedFetches: 150, expectedCalls: 152, fetches: 0 },
    });
    const buscas = { reason: 'list items lack numeracoes', missingFields: ['numeracoes'], perHundred: 100, expectedFetches: 150, expectedCalls: 152, fetches: 100 };
    progress.page({ ...estado(1), fetches: buscas, quarantine: 2 }, { limit: null, remaining: null, calls: 101 });
    progress.backfillDone({ generation: 1, calls: 152, pages: 2, applied: 148, missing: 0, resumed: false, restarted: false, quarantined: 2 });
    expect(err).toEqual([
      'warning: 100 of 100 listed items lack numeracoes; fetching each whole: about 152 calls for the scan (150 product fetches)',
      `backfill [${' '.repeat(20)}] page 1 · 100 products · 100/~150 product fetches · 2 set aside · rate budget unknown`,
    ]);
    expect(out).toEqual(['backfill done: 2 pages, 148 changes applied, 0 products no longer listed, 152 calls in this run, 2 products set aside (see status().quarantine)']);
    const json = capture('json');
    json.progress.page({ ...estado(1), fetches: buscas, quarantine: 2 }, { limit: 60, remaining: 1, calls: 101 });
    expect(JSON.parse(json.out[0]!)).toMatchObject({ type: 'page', quarantined: 2, fetches: { expectedCalls: 152, fetches: 100 } });
  });

  it('lists the products set aside after a run, with field and reason, the first ten of them', () => {
    const { progress, err } = capture('plain');
    const products = Array.from({ length: 12 }, (_, i) => ({
      sku: `SKU-${i}`,
      field: 'numeracoes[0].estoque',
      reason: '3000000000 is not an integer from -2147483648 to 2147483647',
      origin: 'backfill' as const,
      atualizadoEm: 't',
      at: '2026-11-26T00:00:00.000Z',
    }));
    progress.quarantine({ count: 12, products });
    expect(err[0]).toBe('quarantine: 12 products set aside (the store cannot hold or read them as sent):');
    expect(err[1]).toBe('  SKU-0 · numeracoes[0].estoque: 3000000000 is not an integer from -2147483648 to 2147483647 (backfill, 2026-11-26T00:00:00.000Z)');
    expect(err).toHaveLength(12);
    expect(err.at(-1)).toBe('  … and 2 more in status().quarantine');
  });
});

describe('mirror progress with text from the server', () => {
  it('shows control characters escaped in the quarantine list and in warnings, never raw', () => {
    const { progress, err } = capture('plain');
    // A sku that would retitle the window and clear the screen, and a reason forging a second line.
    const sku = 'SKU-\u001b]0;pwned\u0007\u001b[2J\u009b31m';
    progress.quarantine({ count: 1, products: [{ sku, field: 'titulo', reason: 'bad\nforged line', origin: 'webhook', atualizadoEm: 't', at: 'a' }] });
    progress.warning({ kind: 'quarantine', count: 1, message: 'set aside \u001b[2J' });
    expect(err.join('')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(err[1]).toBe('  SKU-\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m · titulo: bad\\u000aforged line (webhook, a)');
    expect(err[2]).toBe('warning: set aside \\u001b[2J');
  });
});
