import { afterEach, describe, expect, it } from 'vitest';
import { PartnerCommerce } from '../../src/index.js';
import { createMemoryStore, createMirror } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { connected } from './mcp-helpers.js';

// Every tool's MCP hints, judged against a table written here from the hints' definitions (MCP's
// ToolAnnotations) and what the spec says each operation does, not from the code:
// - readOnly (R): does not modify its environment (GETs; the quote and the order dry run change nothing);
// - destructive (D): may do more than additive updates: removes (DELETE, the reset) or overwrites
//   (PUT, PATCH, a status or a flag set, a cancel, a (un)publish); a creation only adds;
// - idempotent (I): the same arguments again have no further effect: reads, PUT, DELETE (RFC 9110).
//   A creation's tool sends a fresh Idempotency-Key when the arguments carry none, so the same
//   arguments twice create twice: not idempotent. PATCH is not promised idempotent by HTTP;
// - openWorld (O): reaches the supplier's API; the mirror's tools read a local store.
type Hints = 'R-I-O' | 'D-I-O' | 'D-O' | 'O' | 'R-I-mirror';
const EXPECTED: Record<string, Hints> = {
  conta_obter: 'R-I-O',
  conta_eu: 'R-I-O',
  produtos_listar: 'R-I-O',
  produtos_obter: 'R-I-O',
  produtos_estoque: 'R-I-O',
  categorias_listar: 'R-I-O',
  numeracoes_listar: 'R-I-O',
  clientes_listar: 'R-I-O',
  clientes_obter: 'R-I-O',
  clientes_criar: 'O', // POST /v1/clientes adds a customer
  clientes_atualizar: 'D-O', // PATCH overwrites the customer's fields
  clientes_remover: 'D-I-O', // DELETE
  financeiro_saldo: 'R-I-O',
  financeiro_extrato: 'R-I-O',
  etiquetas_conexao: 'R-I-O',
  etiquetas_cotar: 'R-I-O', // a quote creates nothing
  etiquetas_emitir: 'O', // issues a new label (a fresh Idempotency-Key per call without one)
  etiquetas_listar: 'R-I-O',
  etiquetas_cancelar: 'D-O', // a cancelled label is gone for good
  lojaHub_obter: 'R-I-O',
  lojaHub_atualizar: 'D-O', // PATCH
  lojaHub_publicar: 'D-O', // changes the storefront's publication
  lojaHub_despublicar: 'D-O', // takes the storefront down
  lojaHub_estatisticas: 'R-I-O',
  lojaHub_aparencia: 'R-I-O',
  lojaHub_atualizarAparencia: 'D-O', // PATCH
  lojaHub_removerLogo: 'D-I-O', // DELETE
  lojaHub_produtos_listar: 'R-I-O',
  lojaHub_produtos_adicionar: 'O', // adds a product to the selection
  lojaHub_produtos_remover: 'D-I-O', // DELETE
  lojaHub_produtos_definirTexto: 'D-I-O', // PUT replaces the text
  lojaHub_banners_listar: 'R-I-O',
  lojaHub_banners_remover: 'D-I-O', // DELETE
  pedidos_listar: 'R-I-O',
  pedidos_obter: 'R-I-O',
  pedidos_criar: 'O', // creates an order (a fresh Idempotency-Key per call without one)
  pedidos_validar: 'R-I-O', // "simulates order creation without creating"
  pedidos_definirValorVenda: 'D-O', // PATCH overwrites the item's sale value
  pedidos_rastreios_adicionar: 'O',
  pedidos_rastreios_remover: 'D-I-O',
  pedidos_comprovantes_remover: 'D-I-O',
  pedidos_despesas_adicionar: 'O',
  pedidos_despesas_remover: 'D-I-O',
  sandbox_pedidos_alterarStatus: 'D-O', // overwrites the status, CANCELADO and ESTORNADO included
  sandbox_pedidos_validarComprovante: 'D-O', // sets validado on the proof
  sandbox_pedidos_validarRastreio: 'D-O', // sets validado on the tracking code
  sandbox_etiquetas_alterarStatus: 'D-O',
  sandbox_financeiro_criarLancamento: 'O', // adds a ledger entry (201)
  sandbox_produtos_definirEstoque: 'D-I-O', // PUT sets the size's stock
  sandbox_conta_resetar: 'D-O', // "Deletes orders, customers, ledger entries and the cart"
};
const MIRRORED: Record<string, Hints> = { produtos_obter: 'R-I-mirror', produtos_estoque: 'R-I-mirror', mirror_catalog: 'R-I-mirror', mirror_status: 'R-I-mirror' };

function hints(code: Hints) {
  const parts = code.split('-');
  return { readOnlyHint: parts.includes('R'), destructiveHint: parts.includes('D'), idempotentHint: parts.includes('I'), openWorldHint: parts.includes('O') };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function listed(withMirror: boolean) {
  const fake = createFakeApi({ rateLimit: false, catalogSize: 3 });
  const client = new PartnerCommerce({ token: 'svc_sbx_annotations_0123456789', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false, maxRetries: 0 });
  let mirror;
  if (withMirror) {
    mirror = createMirror({ client, store: createMemoryStore() });
    closers.push(() => mirror!.close());
  }
  const mcp = await connected({ client, allowWrites: true, tools: 'all', ...(mirror ? { mirror } : {}) });
  closers.push(mcp.close);
  return Object.fromEntries((await mcp.client.listTools()).tools.map((t) => [t.name, t.annotations]));
}

describe("MCP tools' annotations", () => {
  it('are, for every tool of a sandbox server with writes, what the table from the spec and HTTP semantics says', async () => {
    const got = await listed(false);
    expect(Object.keys(got).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [name, code] of Object.entries(EXPECTED)) expect({ name, hints: got[name] }).toEqual({ name, hints: hints(code) });
  });

  it('mark sandbox_conta_resetar destructive: it deletes orders, customers and ledger entries', async () => {
    expect((await listed(false))['sandbox_conta_resetar']).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it("say the mirror's tools only read a local store: read-only, idempotent, not open-world", async () => {
    const got = await listed(true);
    for (const [name, code] of Object.entries(MIRRORED)) expect({ name, hints: got[name] }).toEqual({ name, hints: hints(code) });
  });
});
