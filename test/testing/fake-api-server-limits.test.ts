import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../src/testing/index.js';

const TOKEN = 'svc_sbx_limits_0123456789';

/** A body stream that counts how many bytes the consumer pulled, up to `total`. */
function countingBody(total: number, chunk = 64 * 1024) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      const size = Math.min(chunk, total - pulled);
      pulled += size;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  return { stream, pulled: () => pulled };
}

function post(fake: ReturnType<typeof createFakeApi>, body: ReadableStream<Uint8Array>, token: string | undefined) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return fake.handle(new Request('https://sandbox.example.test/v1/clientes', { method: 'POST', headers, body, duplex: 'half' } as RequestInit));
}

describe("the fake's server is a well-behaved neighbour", () => {
  it.each([
    ['no token', undefined],
    ['a token the fake does not accept', 'nao-e-um-token'],
    ['a production token', 'svc_prod_limits_0123456789'],
  ])('checks auth before reading the body: a 150 MB upload with %s is refused having read nothing', async (_, token) => {
    const fake = createFakeApi();
    const body = countingBody(150 * 1024 * 1024);
    const response = await post(fake, body.stream, token);
    expect(response.status).toBe(401);
    // A ReadableStream pulls ahead to fill its queue: at most one chunk, never the upload.
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it('bounds the body: past maxBodyBytes it answers 413 and stops reading', async () => {
    const fake = createFakeApi({ maxBodyBytes: 1024 * 1024 });
    const body = countingBody(150 * 1024 * 1024);
    const response = await post(fake, body.stream, TOKEN);
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(1024 * 1024 + 2 * 64 * 1024);
    const declared = await fake.handle(
      new Request('https://sandbox.example.test/v1/clientes', { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-length': String(2 * 1024 * 1024) }, body: 'x' }),
    );
    expect(declared.status).toBe(413);
  });

  it('over real HTTP too: a large unauthenticated POST is answered without being buffered', async () => {
    const fake = createFakeApi();
    const server = await fake.listen();
    try {
      let sent = 0;
      const { status, sentAtAnswer } = await new Promise<{ status: number; sentAtAnswer: number }>((resolve, reject) => {
        const req = httpRequest(`${server.url}/v1/clientes`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, sentAtAnswer: sent });
          req.destroy();
        });
        req.on('error', (err) => (String(err).includes('EPIPE') || String(err).includes('ECONNRESET') ? undefined : reject(err)));
        const chunk = Buffer.alloc(1024 * 1024, 0x61);
        // Writes 1 MiB at a time as the socket drains; a server that buffered first answers only after all 150.
        const pump = () => {
          while (sent < 150 && !req.destroyed && req.write(chunk)) sent++;
          if (req.destroyed) return;
          if (sent < 150) req.once('drain', pump);
          else req.end();
        };
        pump();
      });
      expect(status).toBe(401);
      expect(sentAtAnswer).toBeLessThan(150);
      expect(fake.requests.at(-1)?.body).toBe('');
    } finally {
      await server.close();
    }
  });

  it('redacts the token in fake.requests and keeps at most maxRecordedRequests', async () => {
    const fake = createFakeApi({ maxRecordedRequests: 3 });
    for (let i = 0; i < 5; i++) await fake.handle(new Request(`https://sandbox.example.test/v1/conta?n=${i}`, { headers: { authorization: `Bearer ${TOKEN}` } }));
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/conta?n=2', '/v1/conta?n=3', '/v1/conta?n=4']);
    for (const r of fake.requests) expect(r.headers.authorization).toBe('Bearer svc_sbx_[redacted]');
    expect(JSON.stringify(fake.requests)).not.toContain('limits_0123456789');
  });

  it('redacts any credential in authorization, not only svc_ tokens (tokens the test chose, any scheme)', async () => {
    const fake = createFakeApi({ tokens: ['tok-cliente-9f8e7d6c', 'svc_sbx_aceito_123456'] });
    const sent = ['Bearer tok-cliente-9f8e7d6c', 'bearer tok-cliente-9f8e7d6c', 'tok-cliente-9f8e7d6c', 'Basic dG9rLWNsaWVudGUtOWY4ZTdkNmM=', 'Bearer  svc_sbx_aceito_123456'];
    for (const authorization of sent) await fake.handle(new Request('https://sandbox.example.test/v1/conta', { headers: { authorization } }));
    expect(fake.requests.map((r) => r.headers.authorization)).toEqual(['Bearer [redacted]', 'bearer [redacted]', '[redacted]', 'Basic [redacted]', 'Bearer svc_sbx_[redacted]']);
    const recorded = JSON.stringify(fake.requests);
    for (const secret of ['9f8e7d6c', 'dG9rLWNsaWVudGUtOWY4ZTdkNmM', 'aceito_123456']) expect(recorded).not.toContain(secret);
  });

  it('refuses bad limits by name', () => {
    expect(() => createFakeApi({ maxBodyBytes: -1 })).toThrow(/maxBodyBytes/);
    expect(() => createFakeApi({ maxRecordedRequests: 1.5 })).toThrow(/maxRecordedRequests/);
  });
});
