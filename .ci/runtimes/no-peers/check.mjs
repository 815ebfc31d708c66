/**
 * What run.mjs and run.cjs check, with the exports each hands in. Prints one `ok` line, or `FAIL` and
 * the cause and exits 1.
 * @param {string} label
 * @param {{ PartnerCommerce: any, createWebhookHandler: any, createFakeApi: any }} pkg
 */
export async function check(label, { PartnerCommerce, createWebhookHandler, createFakeApi }) {
  try {
    for (const peer of ['@opentelemetry/api', 'msw', 'redis']) {
      const found = await import(peer).then(
        () => true,
        () => false,
      );
      if (found) throw new Error(`${peer} is installed; this consumer must have no optional peer`);
    }
    const warnings = [];
    const logger = { debug() {}, info() {}, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) };
    const fake = createFakeApi();
    const { url, close } = await fake.listen();
    const hooked = [];
    try {
      const client = new PartnerCommerce({
        token: 'svc_sbx_no_peers',
        baseUrl: url,
        maxRetries: 0,
        logger,
        telemetry: { propagateContext: true },
        hooks: { beforeAttempt: (c) => c.setHeader('x-no-peers', '1'), afterResponse: (c) => hooked.push(`${c.operation.name} ${c.status}`) },
      });
      const produto = await client.produtos.obter('SKU-0001');
      await client.produtos.obter('SKU-0001');
      if (produto.sku !== 'SKU-0001') throw new Error(`produtos.obter gave ${produto.sku}`);
      if (hooked.join() !== 'produtos.obter 200,produtos.obter 200') throw new Error(`hooks saw ${hooked.join()}`);
      const missing = warnings.filter((w) => w.includes('npm install @opentelemetry/api'));
      if (missing.length !== 1) throw new Error(`expected one warning about @opentelemetry/api, got ${JSON.stringify(warnings)}`);
    } finally {
      await close();
    }
    const webhookLogs = [];
    const handler = createWebhookHandler({ verify: () => true, telemetry: true, logger: { warn: (m) => webhookLogs.push(m), error: (m) => webhookLogs.push(m) } });
    const result = await handler.handle(
      JSON.stringify({
        id: 'evt_np',
        evento: 'teste.ping',
        criadoEm: '2026-11-20T10:00:00-03:00',
        ambiente: 'sandbox',
        integracao: { id: 'int_1', nome: 'Loja' },
        dados: { mensagem: 'Teste de webhook' },
      }),
    );
    if (result.status !== 200) throw new Error(`webhook answered ${result.status} (${result.outcome}): ${webhookLogs.join('; ')}`);
    if (!webhookLogs.some((m) => m.includes('npm install @opentelemetry/api'))) throw new Error(`webhook handler did not say what to install: ${webhookLogs.join('; ')}`);
    console.log(`ok   ${label.padEnd(22)} client and webhooks with telemetry: true and hooks, no optional peer installed`);
  } catch (err) {
    console.log(`FAIL ${label}: ${err && err.stack ? err.stack : err}`);
    process.exit(1);
  }
}
