import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookHandler } from '../../src/webhooks/index.js';
import { PARSED_BODY_MESSAGE } from '../../src/webhooks/node-adapter.js';
import { eventoBody } from './fixtures.js';
import { testHandler } from './helpers.js';

const PEDIDO = eventoBody('pedido.criado');
const URL_ = 'https://parceiro.example.test/webhooks';

describe('handler.fetch', () => {
  it('answers a web Request with a JSON Response, verify seeing the exact bytes and headers', async () => {
    const verify = vi.fn((raw: Uint8Array, headers: Headers) => new TextDecoder().decode(raw) === PEDIDO && headers.get('x-assinatura') === 'ok');
    const fn = vi.fn();
    const { handler } = testHandler({ verify, on: { 'pedido.criado': fn } });
    const response = await handler.fetch(new Request(URL_, { method: 'POST', body: PEDIDO, headers: { 'x-assinatura': 'ok', 'content-type': 'application/json' } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ outcome: 'handled' });
    expect(fn).toHaveBeenCalledTimes(1);
    const refused = await handler.fetch(new Request(URL_, { method: 'POST', body: eventoBody('pedido.criado', { id: 'evt_2' }) }));
    expect(refused.status).toBe(401);
  });

  it('answers 400 with the problems for a malformed body', async () => {
    const { handler } = testHandler();
    const response = await handler.fetch(new Request(URL_, { method: 'POST', body: '{"evento":"pedido.criado"}' }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^Invalid webhook body: id: is required/);
  });

  it('answers 405 to anything but POST', async () => {
    const response = await testHandler().handler.fetch(new Request(URL_));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers 413 to a body over maxBodyBytes, announced or streamed', async () => {
    const { handler } = testHandler({ maxBodyBytes: 100 });
    expect((await handler.fetch(new Request(URL_, { method: 'POST', body: PEDIDO }))).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new Uint8Array(50));
        controller.close();
      },
    });
    const streamed = new Request(URL_, { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect((await handler.fetch(streamed)).status).toBe(413);
  });
});

describe('handler.node', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  /** A real node:http server on 127.0.0.1, with `before` standing in for middleware such as a body parser. */
  async function serve(handler: WebhookHandler, before?: (req: IncomingMessage & { body?: unknown }) => Promise<void>) {
    const server = createServer((req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
      void (before ? before(req) : Promise.resolve()).then(() => handler.node(req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  }

  async function readAll(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  it('reads the raw body from the request stream and answers over real HTTP', async () => {
    const verify = vi.fn((raw: Uint8Array, headers: Headers) => Buffer.from(raw).toString() === PEDIDO && headers.get('x-assinatura') === 'ok');
    const fn = vi.fn();
    const { handler } = testHandler({ verify, on: { 'pedido.criado': fn } });
    const url = await serve(handler);
    const response = await fetch(url, { method: 'POST', body: PEDIDO, headers: { 'x-assinatura': 'ok' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ outcome: 'handled' });
    expect(fn).toHaveBeenCalledTimes(1);
    expect((await fetch(url, { method: 'POST', body: '{' })).status).toBe(401);
    expect((await fetch(url)).status).toBe(405);
  });

  it('uses a Buffer req.body left by express.raw, and a string one left by express.text', async () => {
    const fn = vi.fn();
    const { handler } = testHandler({ on: { 'pedido.criado': fn } });
    let asText = false;
    const url = await serve(handler, async (req) => {
      const raw = await readAll(req);
      req.body = asText ? raw.toString() : raw;
    });
    expect((await fetch(url, { method: 'POST', body: PEDIDO })).status).toBe(200);
    asText = true;
    expect((await fetch(url, { method: 'POST', body: eventoBody('pedido.criado', { id: 'evt_texto' }) })).status).toBe(200);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('answers 500 and says how to mount express.raw when a JSON body parser consumed the body', async () => {
    const fn = vi.fn();
    const { handler, logs } = testHandler({ on: { 'pedido.criado': fn } });
    const url = await serve(handler, async (req) => {
      req.body = JSON.parse((await readAll(req)).toString()) as unknown; // what express.json() does
    });
    const response = await fetch(url, { method: 'POST', body: PEDIDO, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(500);
    expect(fn).not.toHaveBeenCalled();
    expect(logs.lines).toEqual([{ level: 'error', message: PARSED_BODY_MESSAGE }]);
    expect(PARSED_BODY_MESSAGE).toContain("express.raw({ type: 'application/json' })");
  });

  it('reads the stream when a parser that did not match left req.body as {} (Express 4)', async () => {
    const { handler } = testHandler({ on: { 'pedido.criado': () => {} } });
    const url = await serve(handler, async (req) => {
      req.body = {};
    });
    expect((await fetch(url, { method: 'POST', body: PEDIDO })).status).toBe(200);
  });

  it('answers 413 to a body over maxBodyBytes', async () => {
    const { handler } = testHandler({ maxBodyBytes: 64 });
    const url = await serve(handler);
    expect((await fetch(url, { method: 'POST', body: PEDIDO })).status).toBe(413);
  });

  it('never rejects, even when the response cannot be written', async () => {
    const { handler, logs } = testHandler();
    const req = Object.assign((async function* () {})(), { method: 'GET', headers: {} });
    const res = {
      statusCode: 0,
      setHeader: () => {
        throw new Error('closed');
      },
      end: () => {},
    };
    await expect(handler.node(req, res)).resolves.toBeUndefined();
    expect(logs.lines.at(-1)?.message).toMatch(/could not write the answer/);
  });
});
