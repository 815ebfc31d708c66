// @ts-check
/**
 * The smoke checks every runtime runs against the packed package. This file imports nothing from the
 * package: each consumer loads the package its own way (import, require, a bundle) and hands the
 * exports in, so the same checks run everywhere. It is type-checked (JSDoc, `checkJs`) by the
 * TypeScript consumers against the package's published types.
 *
 * Any mismatch throws; the caller prints it and exits non-zero.
 */

/** A `pedido.criado` notice in wire form (money as a string), as the supplier sends it. */
export const SAMPLE_EVENT = {
  id: 'evt_01JD7X3K9Q2W8M4N6P',
  criadoEm: '2026-11-20T10:00:00-03:00',
  ambiente: 'producao',
  integracao: { id: 'int_8f2a', nome: 'Loja Centro' },
  evento: 'pedido.criado',
  dados: {
    pedido: {
      id: 'ped_7c1e9a',
      numero: 10423,
      status: 'AGUARDANDO_PAGAMENTO',
      total: '1299.90',
      origem: 'API',
      referenciaExterna: 'PED-2026-0042',
      enviarPara: 'CLIENTE',
      criadoEm: '2026-11-20T09:12:44-03:00',
      atualizadoEm: '2026-11-20T10:00:00-03:00',
    },
  },
};

const SECRET = 'smoke-secret';

/**
 * @param {unknown} ok
 * @param {string} what
 * @returns {asserts ok}
 */
function check(ok, what) {
  if (!ok) throw new Error(`smoke mismatch: ${what}`);
}

/** Hex HMAC-SHA256 of the body with WebCrypto (every runtime here has it), as the example's `verify`. */
async function hmacHex(/** @type {Uint8Array<ArrayBuffer>} */ body) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, body));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The client against a running fake server: one read, one list page, one 404 as an `ApiError`.
 * @param {{ PartnerCommerce: typeof import('partner-commerce').PartnerCommerce; ApiError: typeof import('partner-commerce').ApiError; PartnerCommerceError: typeof import('partner-commerce').PartnerCommerceError; Money: typeof import('partner-commerce').Money }} sdk
 * @param {string} baseUrl
 */
export async function checkClient(sdk, baseUrl) {
  const client = new sdk.PartnerCommerce({ token: 'svc_sbx_smoke', baseUrl, maxRetries: 0, logLevel: 'error' });
  const produto = await client.produtos.obter('SKU-0001');
  check(produto.sku === 'SKU-0001', `produtos.obter sku: ${produto.sku}`);
  check(produto.precoAtacado instanceof sdk.Money, 'produtos.obter precoAtacado is a Money');
  check(/^\d+\.\d{2}$/.test(String(produto.precoAtacado)), `precoAtacado wire form: ${String(produto.precoAtacado)}`);
  const page = await client.produtos.listar({ limite: 2 });
  check(page.dados.length === 2 && page.temMais === true, `produtos.listar page: ${page.dados.length} items, temMais ${page.temMais}`);
  /** @type {unknown} */
  let error;
  try {
    await client.produtos.obter('SKU-9999');
  } catch (e) {
    error = e;
  }
  check(error instanceof sdk.ApiError && error.status === 404, `produtos.obter unknown sku: ApiError 404, got ${String(error)}`);
  check(error instanceof sdk.PartnerCommerceError, 'ApiError extends PartnerCommerceError');
  return `client: obter ${produto.sku} ${produto.precoAtacado}, listar ${page.dados.length}, 404 ApiError`;
}

/**
 * The webhook handler's fetch adapter on the sample notice: signed → 200 and the handler runs once with
 * money decoded; the same id again → 200, not run again; a bad signature → 401; a malformed body → 400.
 * @param {{ createWebhookHandler: typeof import('partner-commerce/webhooks').createWebhookHandler; Money: typeof import('partner-commerce/webhooks').Money }} webhooks
 */
export async function checkWebhook(webhooks) {
  /** @type {string[]} */
  const totals = [];
  const handler = webhooks.createWebhookHandler({
    verify: async (raw, headers) => headers.get('x-assinatura') === (await hmacHex(raw)),
    on: {
      'pedido.criado': (e) => {
        check(e.dados.pedido.total instanceof webhooks.Money, 'pedido.total is a Money');
        totals.push(e.dados.pedido.total.toString());
      },
    },
    logger: { warn: () => {}, error: (...args) => console.error(...args) },
  });
  const body = JSON.stringify(SAMPLE_EVENT);
  const signature = await hmacHex(new TextEncoder().encode(body));
  /** @param {string} text @param {string} sig */
  const post = (text, sig) => handler.fetch(new Request('http://x/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'x-assinatura': sig }, body: text }));

  const first = await post(body, signature);
  check(first.status === 200, `signed delivery: status ${first.status} ${await first.text()}`);
  check(totals.length === 1 && totals[0] === '1299.90', `on['pedido.criado'] ran once with total 1299.90: ${JSON.stringify(totals)}`);
  const again = await post(body, signature);
  check(again.status === 200 && totals.length === 1, `repeated id: status ${again.status}, handler runs ${totals.length}`);
  const unsigned = await post(JSON.stringify({ ...SAMPLE_EVENT, id: 'evt_other' }), '00');
  check(unsigned.status === 401 && totals.length === 1, `bad signature: status ${unsigned.status}`);
  const malformedBody = '{"id":';
  const malformed = await post(malformedBody, await hmacHex(new TextEncoder().encode(malformedBody)));
  check(malformed.status === 400, `malformed body: status ${malformed.status}`);
  return 'webhook: 200 + on() once, dup 200, 401, 400';
}

/**
 * Everything, against the testing kit's loopback server, and one printed line.
 * @param {string} label
 * @param {Parameters<typeof checkClient>[0] & Parameters<typeof checkWebhook>[0] & { createFakeApi: typeof import('partner-commerce/testing').createFakeApi }} pkg
 */
export async function smoke(label, pkg) {
  const started = performance.now();
  const fake = pkg.createFakeApi();
  const { url, close } = await fake.listen();
  try {
    const client = await checkClient(pkg, url);
    const webhook = await checkWebhook(pkg);
    console.log(`ok   ${label.padEnd(22)} ${client}; ${webhook} (${Math.round(performance.now() - started)} ms)`);
  } finally {
    await close();
  }
}

/**
 * Runs `smoke`, and on any failure prints it and exits non-zero (works in Node, Bun and Deno).
 * @param {string} label
 * @param {() => Promise<Parameters<typeof smoke>[1]>} load
 */
export async function main(label, load) {
  try {
    await smoke(label, await load());
  } catch (error) {
    console.error(`FAIL ${label}:`, error);
    // `process` is a global in Node and Bun, and in Deno for code loaded from npm and .cjs/.mjs alike.
    /** @type {any} */ (globalThis).process?.exit?.(1);
    throw error;
  }
}
