/** A second client with the same token but other rate options is told, naming both, that they cannot apply. */
import { expect, it } from 'vitest';
import { PartnerCommerce } from '../../../src/index.js';

function recordingLogger(lines: string[]) {
  return { debug() {}, info() {}, warn: (m: string) => lines.push(m), error() {} };
}

it('a client whose rateLimit differs from the limiter its token already has warns with both values', () => {
  const token = 'svc_sbx_mismatch_warns';
  const first: string[] = [];
  const second: string[] = [];
  new PartnerCommerce({ token, baseUrl: 'https://sandbox.test', logger: recordingLogger(first) });
  new PartnerCommerce({ token, baseUrl: 'https://sandbox.test', rateLimit: { perMinute: 2 }, logger: recordingLogger(second) });
  expect(first).toEqual([]);
  expect(second).toHaveLength(1);
  expect(second[0]).toContain('{ perMinute: 2, windowMs: 60000 } is ignored');
  expect(second[0]).toContain('made with { perMinute: 60, windowMs: 60000 }');
});

it('a client with the same rateLimit as the first says nothing', () => {
  const token = 'svc_sbx_mismatch_same';
  const lines: string[] = [];
  new PartnerCommerce({ token, baseUrl: 'https://sandbox.test', rateLimit: { perMinute: 5, windowMs: 1_000 }, logger: recordingLogger(lines) });
  new PartnerCommerce({ token, baseUrl: 'https://sandbox.test', rateLimit: { windowMs: 1_000, perMinute: 5 }, logger: recordingLogger(lines) });
  expect(lines).toEqual([]);
});
