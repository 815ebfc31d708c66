import { http } from 'msw';
import { setupServer } from 'msw/node';
import { expect, it } from 'vitest';
import { ApiError, PartnerCommerce, type ClientOptions, type HttpMethod } from '../../src/index.js';
import { BASE_URL, SANDBOX_TOKEN } from '../helpers/scripted-fetch.js';
import { defaultAnswer, errorAnswer } from './fixtures.js';

/** A request as the msw server received it. */
export interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  /** Body text (empty for none or for multipart). */
  text: string;
  /** The parsed multipart body, when the request was multipart/form-data. */
  form: FormData | undefined;
}

async function record(request: Request, seen: Seen[]): Promise<Seen> {
  const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data') ?? false;
  const entry: Seen = {
    method: request.method,
    url: new URL(request.url),
    headers: request.headers,
    text: multipart ? '' : await request.text(),
    form: multipart ? await request.formData() : undefined,
  };
  seen.push(entry);
  return entry;
}

/**
 * An msw server whose catch-all handler records every request and answers the route's fixture. The
 * test file starts and stops it (beforeAll/afterEach/afterAll) and calls `reset()` after each test.
 */
export function mockApi() {
  const seen: Seen[] = [];
  const server = setupServer(http.all('*', async ({ request }) => defaultAnswer(request.method, (await record(request, seen)).url.pathname)));
  return {
    server,
    seen,
    /** Answers every further request of this test with `make` (still recorded). */
    answer(make: (req: Seen, n: number) => Response): void {
      server.use(http.all('*', async ({ request }) => make(await record(request, seen), seen.length)));
    },
    reset(): void {
      server.resetHandlers();
      seen.length = 0;
    },
    /** A client on the default global fetch (created after listen, so msw intercepts it). */
    client(options: ClientOptions = {}): PartnerCommerce {
      return new PartnerCommerce({ token: SANDBOX_TOKEN, baseUrl: BASE_URL, rateLimit: false, retryDelayMs: 0, logLevel: 'off', ...options });
    },
  };
}

export type MockApi = ReturnType<typeof mockApi>;

/** One method of a resource: how to call it, what must leave, and what the answer must give. */
export interface Case {
  nome: string;
  call: (client: PartnerCommerce) => PromiseLike<unknown>;
  method: HttpMethod;
  path: string;
  query?: Record<string, string>;
  /** The JSON body expected; absent when the call sends none. */
  body?: unknown;
  /** Checks on the parsed result. */
  result: (value: unknown) => void;
}

/** The three tests every method gets: the request that leaves, the parsed result, the error path. */
export function testCases(api: MockApi, cases: readonly Case[]): void {
  for (const c of cases) registerCase(api, c);
}

function registerCase(api: MockApi, c: Case): void {
  it(`${c.nome} sends ${c.method} ${c.path} with exactly its query and body`, async () => {
    await c.call(api.client());
    expect(api.seen).toHaveLength(1);
    const req = api.seen[0]!;
    expect(req.method).toBe(c.method);
    expect(req.url.origin + req.url.pathname).toBe(BASE_URL + c.path);
    expect(Object.fromEntries(req.url.searchParams)).toEqual(c.query ?? {});
    expect(req.headers.get('authorization')).toBe(`Bearer ${SANDBOX_TOKEN}`);
    expect(req.headers.get('accept')).toBe('application/json');
    if (c.body === undefined) {
      expect(req.text).toBe('');
      expect(req.headers.get('content-type')).toBeNull();
    } else {
      expect(req.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(req.text)).toEqual(c.body);
    }
  });

  it(`${c.nome} gives the parsed answer`, async () => {
    c.result(await c.call(api.client()));
  });

  it(`${c.nome} turns an error answer into an ApiError`, async () => {
    api.answer(() => errorAnswer(404, 'NAO_ENCONTRADO'));
    const err = await Promise.resolve(c.call(api.client())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ codigo: 'NAO_ENCONTRADO', status: 404, requestId: 'req_err' });
    expect(api.seen).toHaveLength(1);
  });
}
