/**
 * Compile-time checks of the published declarations, as a partner's strict project sees them. Never
 * run: type-checked by each TypeScript consumer (NodeNext and Bundler resolution) against the tarball.
 */
import { ApiError, Money, PartnerCommerce, type Hooks, type Produtos } from 'partner-commerce';
import { createWebhookHandler, parseWebhook, type EventoDe, type Produto as ProdutoWebhook } from 'partner-commerce/webhooks';
import { createFakeApi, type FakeApi } from 'partner-commerce/testing';
import { mswHandlers } from 'partner-commerce/testing/msw';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_: T): void {}

export async function typeChecks(): Promise<void> {
  const fake: FakeApi = createFakeApi();
  // The msw handlers come from their own entry, the one that needs msw (installed by this consumer).
  const handlers: unknown[] = mswHandlers(fake);
  void handlers;
  const client = new PartnerCommerce({ token: 'svc_sbx_x', baseUrl: 'http://127.0.0.1:1', fetch: fake.fetch, rateLimit: { perMinute: 60 } });

  // Hooks and telemetry, typed without @opentelemetry/api in the published declarations.
  const hooks: Hooks.CallHooks = {
    beforeAttempt: (c) => c.setHeader('x-attempt', String(c.attempt)),
    onRetry: (c) => {
      const reason: Hooks.RetryReason = c.reason;
      const route: string | undefined = c.operation.route;
      (void reason, route);
    },
  };
  void new PartnerCommerce({ token: 'svc_sbx_x', baseUrl: 'http://127.0.0.1:1', fetch: fake.fetch, hooks: [hooks], telemetry: { propagateContext: true, attemptSpans: false } });

  const produto = await client.produtos.obter('SKU-0001');
  expectType<Equal<typeof produto, Produtos.Produto>>(true);
  const preco: Money = produto.precoAtacado;
  const sku: string = produto.sku;

  for await (const item of client.produtos.listar({ limite: 100, atualizadoDesde: new Date() })) {
    const s: string = item.sku;
    void s;
  }
  const page = await client.produtos.listar({ limite: 10 });
  const cursor: string | null = page.proximoCursor;

  // The webhooks entry hands out the same model types as the main entry.
  expectType<Equal<Produtos.Produto, ProdutoWebhook>>(true);

  const evento = parseWebhook('{}');
  if (evento.evento === 'pedido.status_alterado') {
    const anterior: string = evento.dados.pedido.statusAnterior;
    void anterior;
  }
  const handler = createWebhookHandler({
    on: {
      'pedido.criado': (e: EventoDe<'pedido.criado'>) => e.dados.pedido.numero,
      'produto.estoque_atualizado': (e) => {
        const total: Money = e.dados.produto.precoAtacado;
        void total;
      },
    },
    verify: async (raw, headers) => raw.byteLength > 0 && headers.has('x-assinatura'),
  });
  const res: Response = await handler.fetch(new Request('http://x/'));

  try {
    await client.pedidos.criar({} as never);
  } catch (e) {
    if (e instanceof ApiError) {
      const status: number = e.status;
      const codigo: string = e.codigo;
      (void status, codigo);
    }
  }

  // @ts-expect-error an unknown client option is a type error
  new PartnerCommerce({ token: 'svc_sbx_x', notAnOption: true });
  // @ts-expect-error an unknown event kind has no typed handler
  createWebhookHandler({ verify: 'unsafe-skip', on: { 'pedido.nao_existe': () => {} } });
  // @ts-expect-error verify is required: a handler that checks no signature is refused
  createWebhookHandler({ on: {} });

  (void preco, sku, cursor, res);
}
