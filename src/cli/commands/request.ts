import type { HttpMethod } from '../../index.js';
import { clientFrom, type ConnectionFlags } from '../connection.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import { printResult, type CliIo } from '../output.js';
import { headOnError, printHead, walkPages } from './request-pages.js';

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Flags of `partner-commerce request`. */
export interface RequestFlags extends ConnectionFlags {
  /** JSON body, or `-` to read it from standard input. */
  body?: string | undefined;
  /** Query parameters as `name=value`, repeatable. */
  query?: string[] | undefined;
  /** Idempotency-Key to send (creation calls get a fresh one otherwise). */
  idempotencyKey?: string | undefined;
  /** GET a list and every page after it (the spec's cursor pagination); prints one item per line, as JSON lines. */
  paginate?: boolean | undefined;
  /** Show the answer's status and headers (with `--json`, a `headers` object in the document). */
  include?: boolean | undefined;
  json?: boolean | undefined;
}

/**
 * Any call through the SDK's pipeline (limiter, retries, errors): prints the answer with its
 * request id, attempts, Idempotency-Key and the rate budget the server reported.
 */
export async function requestCommand(method: string, path: string, flags: RequestFlags, io: CliIo, readStdin: () => Promise<string>): Promise<void> {
  const upper = method.toUpperCase() as HttpMethod;
  if (!METHODS.includes(upper)) throw new CliFailure(`METHOD must be one of ${METHODS.join(', ')} (got "${method}")`, EXIT.usage);
  const body = flags.body === undefined ? undefined : parseJson(flags.body === '-' ? await readStdin() : flags.body);
  if (flags.paginate === true && upper !== 'GET') throw new CliFailure(`--paginate walks the pages of a list: METHOD must be GET (got "${method}")`, EXIT.usage);
  const query = Object.fromEntries((flags.query ?? []).map(splitQuery));
  const client = clientFrom(flags);
  if (flags.paginate === true) return walkPages(client, path, query, flags.include === true, io);
  const include = flags.include === true;
  // With --json the head goes in the document, and a failure leaves standard output empty.
  const call = client.request(upper, path, { body, query, idempotencyKey: flags.idempotencyKey }).withMeta();
  const { data, meta } = await headOnError(io, include && flags.json !== true, call);
  const h = meta.headers;
  if (include && flags.json !== true) printHead(io, meta.status, h);
  printResult(
    io,
    {
      status: meta.status,
      requestId: meta.requestId ?? null,
      attempts: meta.attempts,
      idempotencyKey: meta.idempotencyKey ?? null,
      idempotentReplayed: meta.idempotentReplayed,
      rateLimit: { limit: h.get('x-ratelimit-limit'), remaining: h.get('x-ratelimit-remaining'), reset: h.get('x-ratelimit-reset') },
      ...(include && flags.json === true ? { headers: Object.fromEntries(h) } : {}),
      data: data ?? null,
    },
    flags.json === true,
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new CliFailure(`--body is not JSON (${err instanceof Error ? err.message : String(err)})`, EXIT.usage);
  }
}

function splitQuery(pair: string): [string, string] {
  const at = pair.indexOf('=');
  if (at <= 0) throw new CliFailure(`--query must be name=value (got "${pair}")`, EXIT.usage);
  return [pair.slice(0, at), pair.slice(at + 1)];
}
