import type { RecordedRequest } from '../recorded-request.js';

// Both forms a token takes in a header; the token itself is never kept.
const TOKEN = /\b(svc_(?:sbx|prod)_)[\x21-\x7e]+/g;

/**
 * `fake.requests`: the requests received, oldest first, at most `max` (the oldest dropped first), with
 * the token of `Authorization` redacted, so a long test run neither grows without bound nor keeps a
 * token in memory or in a test report.
 */
export class RequestLog {
  readonly entries: RecordedRequest[] = [];

  constructor(readonly max: number) {}

  /** Records a request and returns its entry (the body is filled in once it has been read). */
  record(request: RecordedRequest): { body: string } {
    const headers = { ...request.headers };
    if (headers['authorization'] !== undefined) headers['authorization'] = headers['authorization'].replace(TOKEN, '$1[redacted]');
    const entry = { ...request, headers };
    this.entries.push(entry);
    if (this.entries.length > this.max) this.entries.splice(0, this.entries.length - this.max);
    return entry;
  }
}
