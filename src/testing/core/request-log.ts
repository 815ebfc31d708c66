import type { RecordedRequest } from '../recorded-request.js';
import { appendKeepingLast } from './keep-last.js';

// Kept so a test can still tell a sandbox token from a production one; the rest never is.
const TOKEN_PREFIX = /^svc_(?:sbx|prod)_/;

/**
 * The credential of an `Authorization` value, redacted whatever its form: the scheme word stays
 * (`Bearer`, `Basic`, …) and so does a token's `svc_sbx_`/`svc_prod_` prefix; everything after it goes.
 * Any token the fake was told to accept (`tokens`) is covered, not only the spec's `svc_` form.
 */
export function redactAuthorization(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '' || /^(?:bearer|basic)$/i.test(trimmed)) return value;
  const space = trimmed.search(/\s/);
  const scheme = space === -1 ? '' : `${trimmed.slice(0, space)} `;
  const credential = space === -1 ? trimmed : trimmed.slice(space).trimStart();
  return `${scheme}${TOKEN_PREFIX.exec(credential)?.[0] ?? ''}[redacted]`;
}

/**
 * `fake.requests`: the requests received, oldest first, at most `max` (the oldest dropped first), with
 * the credential of `Authorization` redacted, so a long test run neither grows without bound nor keeps a
 * token in memory or in a test report.
 */
export class RequestLog {
  readonly entries: RecordedRequest[] = [];

  constructor(readonly max: number) {}

  /** Records a request and returns its entry (the body is filled in once it has been read). */
  record(request: RecordedRequest): { body: string } {
    const headers = { ...request.headers };
    for (const name of ['authorization', 'proxy-authorization']) {
      const value = headers[name];
      if (value !== undefined) headers[name] = redactAuthorization(value);
    }
    const entry = { ...request, headers };
    appendKeepingLast(this.entries, entry, this.max);
    return entry;
  }
}
