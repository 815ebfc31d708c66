import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidInputError, PartnerCommerce, RateLimiter } from '../../src/index.js';
import { createMcpServer } from '../../src/mcp/index.js';
import { scriptProcessFlags, scriptProcessOptions } from '../../src/mcp/script/run-script.js';
import { createFakeApi, type FakeApi } from '../../src/testing/index.js';
import { connected, type CallOutcome } from './mcp-helpers.js';

// execute_script, tried as a hostile model would: every way out of the context named in the issue, the
// process it runs in (no files, no child processes, no environment) tried directly, the caps on time,
// memory, output and calls, and calls that spend the partner's budget through the same client.
const TOKEN = 'svc_sbx_mcp_script_0123456789';
// Scripts that should finish get a time limit no loaded machine reaches; the time-cap tests set their own.
const ROOMY = { timeoutMs: 120_000 };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const clientOf = (fake: FakeApi, extra: Partial<ConstructorParameters<typeof PartnerCommerce>[0]> = {}) =>
  new PartnerCommerce({ token: TOKEN, baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false, maxRetries: 0, ...extra });

async function scripts(options: Partial<Parameters<typeof connected>[0]> = {}, fake = createFakeApi({ rateLimit: false, catalogSize: 8 })) {
  const c = await connected({ client: clientOf(fake), allowScripts: true, scriptLimits: ROOMY, ...options });
  closers.push(c.close);
  return { run: (code: string): Promise<CallOutcome> => c.call('execute_script', { code }), fake, c };
}

describe('execute_script', () => {
  it('is listed only when allowScripts is given, and refuses options out of range naming them', async () => {
    const fake = createFakeApi({ rateLimit: false });
    const plain = await connected({ client: clientOf(fake) });
    closers.push(plain.close);
    expect((await plain.client.listTools()).tools.map((t) => t.name)).not.toContain('execute_script');
    const { c } = await scripts();
    expect((await c.client.listTools()).tools.map((t) => t.name)).toEqual(['search', 'describe', 'execute', 'execute_script']);
    expect(() => createMcpServer({ client: clientOf(fake), allowScripts: true, scriptLimits: { timeoutMs: 0, memoryMb: 1.5 } })).toThrow(InvalidInputError);
    try {
      createMcpServer({ client: clientOf(fake), allowScripts: true, scriptLimits: { timeoutMs: 0, memoryMb: 1.5 } });
    } catch (err) {
      expect((err as InvalidInputError).issues.map((i) => i.path)).toEqual(['scriptLimits.timeoutMs', 'scriptLimits.memoryMb']);
    }
  });

  it('runs the code with api.call answering as execute does, and returns its value, console lines and calls', async () => {
    const { run, fake } = await scripts();
    const got = await run(`
      const page = await api.call('produtos.listar', { limite: 8 });
      console.log('read', page.dados.length, { source: page.source });
      return page.dados.filter((p) => p.ativo).map((p) => p.sku);
    `);
    expect(got.isError).toBe(false);
    expect(got.structured).toEqual({
      result: fake.catalog
        .products()
        .filter((p) => p.ativo)
        .map((p) => p.sku),
      logs: ['read 8 {"source":"api"}'],
      calls: [{ operation: 'produtos.listar', ok: true }],
    });
  });

  it('sees nothing of Node: no process, require, import(), fetch, or code made from strings by any constructor', async () => {
    const { run } = await scripts();
    expect((await run('return [typeof process, typeof require, typeof module, typeof fetch, typeof setTimeout, typeof Buffer, typeof globalThis.process]')).structured['result']).toEqual(
      Array(7).fill('undefined'),
    );
    // Every way out, tried in one run (one process): each attempt's outcome, and the run's own result.
    const escapes = [
      'return await import("node:fs")',
      'return this.constructor.constructor("return process")()',
      'return (async () => {}).constructor("return process")()',
      'return api.call.constructor.constructor("return process")()',
      'return console.log.constructor("return process")()',
      'return Object.getPrototypeOf(api).constructor.constructor("return process")()',
      'return eval("1 + 1")',
      'return new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))',
      // import()'s refusal is an error of Node's realm, not the context's: its constructors are Node's,
      // and only the process-wide ban on code from strings stops this one.
      'try { await import("node:fs"); } catch (e) { return e.constructor.constructor("return process")(); }',
    ];
    const tries = escapes.map((code) => `async function () { ${code} }`).join(',\n');
    const got = await run(`
      const outcomes = [];
      for (const attempt of [${tries}]) {
        try { const value = await attempt.call(globalThis); outcomes.push('escaped: ' + typeof value); } catch { outcomes.push('refused'); }
      }
      return outcomes;
    `);
    expect(got.structured['result']).toEqual(escapes.map(() => 'refused'));
  });

  it('keeps prototype tricks inside the run: a polluted Object.prototype or JSON reaches neither this process nor the next run', async () => {
    const { run } = await scripts();
    const polluted = await run('Object.prototype.polluted = "yes"; Array.prototype.push = null; JSON.parse = () => ({ ok: true, body: "forged" }); return 1');
    expect(polluted.structured['result']).toBe(1);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect((await run('return ({}).polluted === undefined && typeof [].push')).structured['result']).toBe('function');
  });

  it('forges no call: a rewritten JSON.stringify or Promise cannot make api.call send another operation or skip the write rules', async () => {
    const { run, fake } = await scripts();
    const got = await run(`
      JSON.stringify = () => '{"body":{}}';
      try { await api.call('pedidos.criar', { body: {} }); } catch (e) { return e.codigo; }
      return 'created';
    `);
    expect(got.structured['result']).toBe('TOOL_NOT_ALLOWED');
    expect(fake.requests).toHaveLength(0);
  });

  it('stops a loop, synchronous or after an await, at timeoutMs', async () => {
    const { run } = await scripts({ scriptLimits: { timeoutMs: 500 } });
    for (const code of ['while (true) {}', 'await 0; for (;;) {}', 'await api.call("categorias.listar", {}); while (true) {}']) {
      expect((await run(code)).structured['codigo'], code).toBe('SCRIPT_TIMEOUT');
    }
  });

  it('refuses a 1 GB string, stops a process past its memory, and refuses a result past its size', async () => {
    const { run } = await scripts({ scriptLimits: { ...ROOMY, memoryMb: 32, maxOutputBytes: 1000 } });
    const huge = await run('return "x".repeat(2 ** 30).length');
    expect(huge.structured).toMatchObject({ codigo: 'SCRIPT_ERROR', mensagem: expect.stringContaining('Invalid string length') });
    expect((await run('const keep = []; for (;;) keep.push(new Array(1e6).fill(1));')).structured['codigo']).toBe('SCRIPT_MEMORY');
    const big = await run('return "x".repeat(5000)');
    expect(big.structured).toMatchObject({ codigo: 'SCRIPT_OUTPUT', mensagem: expect.stringContaining('1000') });
    expect((await run('return "small"')).structured['result']).toBe('small');
  });

  it('lets a run call at most maxCalls operations', async () => {
    const { run, fake } = await scripts({ scriptLimits: { ...ROOMY, maxCalls: 2 } });
    const got = await run(`
      const codes = [];
      for (let i = 0; i < 4; i++) { try { await api.call('categorias.listar', {}); codes.push('ok'); } catch (e) { codes.push(e.codigo); } }
      return codes;
    `);
    expect(got.structured['result']).toEqual(['ok', 'ok', 'SCRIPT_CALL_LIMIT', 'SCRIPT_CALL_LIMIT']);
    expect(fake.requests).toHaveLength(2);
  });

  it("spends the partner's budget at the server's priority and runs the client's hooks, for every call inside", async () => {
    const fake = createFakeApi({ rateLimit: false, catalogSize: 3 });
    const limiter = new RateLimiter({ perMinute: 600 });
    const acquire = vi.spyOn(limiter, 'acquire');
    const seen: string[] = [];
    const client = clientOf(fake, { rateLimit: limiter, hooks: { beforeAttempt: (c) => void seen.push(c.operation.name) } });
    const c = await connected({ client, allowScripts: true, scriptLimits: ROOMY });
    closers.push(c.close);
    const got = await c.call('execute_script', { code: 'await api.call("categorias.listar", {}); await api.call("financeiro.saldo", {}); return "done"' });
    expect(got.structured['result']).toBe('done');
    expect(seen).toEqual(['categorias.listar', 'financeiro.saldo']);
    expect(acquire.mock.calls.map(([o]) => (o as { priority?: string }).priority)).toEqual(['interactive', 'interactive']);
  });

  it('with writes allowed, returns the Idempotency-Key of each write, and replaying with it creates nothing new', async () => {
    const fake = createFakeApi({ rateLimit: false, catalogSize: 8 });
    const { run } = await scripts({ allowWrites: true }, fake);
    const product = fake.catalog.products().find((p) => p.ativo && p.numeracoes.some((s) => s.estoque > 0))!;
    const size = product.numeracoes.find((s) => s.estoque > 0)!;
    const body = JSON.stringify({ enviarPara: 'CLIENTE', itens: [{ sku: product.sku, numeracao: size.numeracao, quantidade: 1 }] });
    const first = await run(`const order = await api.call('pedidos.criar', { body: ${body} }); return order.result.id;`);
    const [call] = first.structured['calls'] as { idempotencyKey: string }[];
    expect(call!.idempotencyKey).toMatch(/\S/);
    const again = await run(
      `const order = await api.call('pedidos.criar', { body: ${body}, idempotencyKey: ${JSON.stringify(call!.idempotencyKey)} }); return [order.result.id, order.idempotentReplayed];`,
    );
    expect(again.structured['result']).toEqual([first.structured['result'], true]);
  });
});

describe("execute_script's process", () => {
  /** Runs `program` as a script's process is run (same flags, same environment), with this process's environment holding a token. */
  function inScriptProcess(program: string): Promise<string> {
    vi.stubEnv('PARTNER_COMMERCE_TOKEN', TOKEN);
    const child = spawn(process.execPath, [...scriptProcessFlags({ memoryMb: 64 })!, '-e', program], scriptProcessOptions());
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stdin.end();
    return new Promise((resolve) => child.on('close', () => resolve(out.trim())));
  }

  it('has no file system, child processes, workers or environment even for code that got out of the context', async () => {
    const report = await inScriptProcess(`
      const tries = {
        read: () => require('node:fs').readFileSync('/etc/hostname'),
        write: () => require('node:fs').writeFileSync('escaped.txt', 'x'),
        spawn: () => require('node:child_process').execSync('id'),
        worker: () => new (require('node:worker_threads').Worker)('1', { eval: true }),
        evaluate: () => eval('1'),
      };
      const out = Object.entries(tries).map(([name, attempt]) => { try { attempt(); return name + ':allowed'; } catch (e) { return name + ':' + (e.code || e.name); } });
      out.push('env:' + Object.keys(process.env).filter((k) => k.startsWith('PARTNER') || k === 'NODE_OPTIONS').join(','));
      console.log(out.join(' '));
    `);
    expect(report).toBe('read:ERR_ACCESS_DENIED write:ERR_ACCESS_DENIED spawn:ERR_ACCESS_DENIED worker:ERR_ACCESS_DENIED evaluate:EvalError env:');
  });
});
