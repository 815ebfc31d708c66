import { AbortError } from '../../errors/abort-error.js';
import { ConnectionError } from '../../errors/connection-error.js';
import { InvalidInputError, type InputIssue } from '../../errors/invalid-input-error.js';
import { UnexpectedResponseError } from '../../errors/unexpected-response-error.js';
import { sleep } from '../../internal/sleep.js';
import { feedMessageSchema, type MirrorFeedMessage } from './feed-message.js';
import { optionNames, refuseUnknownOptions } from '../../errors/check-options.js';

/** Options of {@link readMirrorFeed}. */
export interface ReadMirrorFeedOptions {
  /** Offset to read after: `-1` for the whole snapshot then the changes, `now` for new changes only, or a saved `offset`. @default '-1' */
  from?: string | undefined;
  /** Keep following once caught up (long-poll), until `signal` aborts or the loop breaks. @default false: end when up to date */
  live?: boolean | undefined;
  /** The feed's token, sent as `Authorization: Bearer`; needed when the server was given one. */
  token?: string | undefined;
  /** Messages per request (the server clamps it to its maximum), 1 to 100,000. @default the server's page size */
  limit?: number | undefined;
  /** Attempts after a connection failure or a 5xx, from the last offset, with backoff (0.2 s doubling up to 5 s). @default 5 */
  maxRetries?: number | undefined;
  /** Stops the reading: the iterator throws AbortError. */
  signal?: AbortSignal | undefined;
  /** The fetch to use. @default globalThis.fetch */
  fetch?: typeof fetch | undefined;
}

/** One answer of the feed: its messages that fit, those that did not, and where to resume. */
export interface MirrorFeedBatch {
  /** The messages that fit the feed's shape, in order. */
  messages: MirrorFeedMessage[];
  /** Messages that did not fit (a server of another version, a hostile one), with why; never thrown. */
  rejected: { message: unknown; reason: string }[];
  /** Offset after this batch: save it with what you did with the messages, and pass it as `from` to resume. */
  offset: string;
  /** True when the batch reached the end of the log as it was when answered. */
  upToDate: boolean;
  /**
   * True on the first batch after the server answered 410 (the saved offset is older than what
   * retention kept, or of another store): the reading started over from `-1`, and this batch opens a
   * new snapshot. Replace what you built from the feed rather than add to it.
   */
  restarted: boolean;
}

const OFFSET = /^(?:-1|now|\d{16}\.(?:~|[0-9a-f]*)\.[0-9a-z]{8,32})$/;

const READ_OPTION_NAMES = optionNames<ReadMirrorFeedOptions>({ from: 1, live: 1, token: 1, limit: 1, maxRetries: 1, signal: 1, fetch: 1 });

/**
 * Reads the mirror's change feed ({@link serveMirror}, or any server of its offsets) as an async
 * iterator of batches, resuming from its last offset after a connection failure or a 5xx, and from
 * `-1` after a 410. Redirects are never followed (the token would go along). Messages are checked
 * one by one: one that does not fit goes to `rejected`, the others are kept.
 * @throws InvalidInputError naming a bad option, before any request; UnexpectedResponseError for a
 * refusal (400, 401, 404, 421, a redirect…); ConnectionError once `maxRetries` is spent; AbortError on `signal`.
 * @example
 * for await (const batch of readMirrorFeed('http://127.0.0.1:4437/feed', { from: saved, live: true })) {
 *   await applyAndSave(batch.messages, batch.offset);
 * }
 */
export async function* readMirrorFeed(url: string | URL, options: ReadMirrorFeedOptions = {}): AsyncGenerator<MirrorFeedBatch, void, undefined> {
  refuseUnknownOptions(options, READ_OPTION_NAMES, 'readMirrorFeed');
  const { base, from, maxRetries } = checkReadOptions(url, options);
  const doFetch = options.fetch ?? globalThis.fetch;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  let offset = from;
  let restarted = false;
  let caughtUp = false;
  let failures = 0;
  for (;;) {
    const target = new URL(base);
    target.searchParams.set('offset', offset);
    if (options.limit !== undefined) target.searchParams.set('limit', String(options.limit));
    if (options.live === true && caughtUp) target.searchParams.set('live', 'long-poll');
    let response: Response;
    try {
      options.signal?.throwIfAborted();
      response = await doFetch(target, { headers, redirect: 'manual', signal: options.signal });
    } catch (err) {
      if (options.signal?.aborted === true) throw new AbortError('Leitura do feed interrompida (signal).', { cause: options.signal.reason, beforeSending: false });
      if (++failures > maxRetries) throw new ConnectionError(`O feed não respondeu após ${maxRetries} novas tentativas: ${String(err)}`, { cause: err });
      await backoff(failures, options.signal);
      continue;
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      if (++failures > maxRetries) throw new UnexpectedResponseError(`O feed respondeu ${response.status} após ${maxRetries} novas tentativas.`, { status: response.status });
      await backoff(failures, options.signal);
      continue;
    }
    failures = 0;
    if (response.status === 410) {
      await response.body?.cancel();
      if (offset === '-1') throw new UnexpectedResponseError('O feed respondeu 410 ao início (-1).', { status: 410 });
      offset = '-1';
      restarted = true;
      caughtUp = false;
      continue;
    }
    if (response.status !== 200 && response.status !== 204) throw await refusal(response);
    const next = response.headers.get('stream-next-offset');
    if (next === null || !OFFSET.test(next)) {
      await response.body?.cancel();
      throw new UnexpectedResponseError('O feed respondeu sem um Stream-Next-Offset válido.', { status: response.status });
    }
    const upToDate = response.headers.has('stream-up-to-date');
    const batch: MirrorFeedBatch = { messages: [], rejected: [], offset: next, upToDate, restarted };
    if (response.status === 200) readMessages(await response.text(), batch);
    offset = next;
    caughtUp = upToDate;
    // A long-poll that timed out brings nothing: no batch to hand.
    if (response.status === 200 || !options.live) {
      restarted = false;
      yield batch;
    }
    if (upToDate && options.live !== true) return;
  }
}

function readMessages(text: string, batch: MirrorFeedBatch): void {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    batch.rejected.push({ message: text.slice(0, 200), reason: 'the answer is not JSON' });
    return;
  }
  if (!Array.isArray(body)) {
    batch.rejected.push({ message: body, reason: 'the answer is not a JSON array of messages' });
    return;
  }
  for (const item of body) {
    const parsed = feedMessageSchema.safeParse(item);
    if (parsed.success) batch.messages.push(parsed.data);
    else batch.rejected.push({ message: item, reason: parsed.error.issues.map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`).join('; ') });
  }
}

async function refusal(response: Response): Promise<UnexpectedResponseError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const mensagem = (body as { erro?: { mensagem?: unknown } } | undefined)?.erro?.mensagem;
  const why = typeof mensagem === 'string' ? `: ${mensagem.slice(0, 300)}` : response.status >= 300 && response.status < 400 ? ' (redirect not followed)' : '';
  return new UnexpectedResponseError(`O feed recusou a leitura com ${response.status}${why}`, { status: response.status, body });
}

async function backoff(failures: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(Math.min(5_000, 200 * 2 ** (failures - 1)), signal);
  } catch (cause) {
    throw new AbortError('Leitura do feed interrompida (signal).', { cause, beforeSending: false });
  }
}

function checkReadOptions(url: string | URL, options: ReadMirrorFeedOptions): { base: URL; from: string; maxRetries: number } {
  const issues: InputIssue[] = [];
  const base = URL.canParse(String(url)) ? new URL(String(url)) : undefined;
  if (base === undefined || (base.protocol !== 'http:' && base.protocol !== 'https:')) issues.push({ path: 'url', message: 'must be an http(s) URL of the feed' });
  const from = options.from ?? '-1';
  if (typeof from !== 'string' || !OFFSET.test(from)) issues.push({ path: 'from', message: "must be '-1', 'now' or an offset the feed gave" });
  const { limit, maxRetries = 5, token } = options;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 100_000)) issues.push({ path: 'limit', message: 'must be an integer from 1 to 100000' });
  if (!Number.isInteger(maxRetries) || maxRetries < 0 || maxRetries > 100) issues.push({ path: 'maxRetries', message: 'must be an integer from 0 to 100' });
  if (token !== undefined && (typeof token !== 'string' || token === '' || /[\s]/.test(token))) issues.push({ path: 'token', message: 'must be a non-empty string without spaces' });
  if (options.fetch !== undefined && typeof options.fetch !== 'function') issues.push({ path: 'fetch', message: 'must be a function' });
  if (issues.length > 0) throw new InvalidInputError(issues);
  return { base: base!, from, maxRetries };
}
