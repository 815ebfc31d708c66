import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../src/testing/index.js';
import { call, umPedido } from './helpers.js';

// From the spec, "States and transitions" > "Order status" and "Sandbox simulators" > "Order status":
// the seven states below, any transition accepted in the sandbox (backwards too), an unknown status
// 400 VALIDACAO. Written out here by hand: neither the SDK's enum nor the kit's list is read.
const SETE = ['AGUARDANDO_PAGAMENTO', 'PAGO', 'EM_SEPARACAO', 'ENVIADO', 'ENTREGUE', 'CANCELADO', 'ESTORNADO'];

describe("the kit's own order states", () => {
  it('moves an order through each of the seven states, and back to the first', async () => {
    const fake = createFakeApi();
    const pedido = await umPedido(fake);
    for (const status of [...SETE.slice(1), SETE[0]]) {
      const answer = await call(fake, 'POST', `/v1/sandbox/pedidos/${pedido.id}/status`, { body: { status } });
      expect(answer.status, status).toBe(200);
      expect(answer.json.status).toBe(status);
    }
  });

  it('refuses anything else with 400 VALIDACAO naming status, and leaves the order as it was', async () => {
    const fake = createFakeApi();
    const pedido = await umPedido(fake);
    for (const status of ['pago', 'FATURADO', 'CANCELADA', ' PAGO', '', 1, null]) {
      const answer = await call(fake, 'POST', `/v1/sandbox/pedidos/${pedido.id}/status`, { body: { status } });
      expect(answer.status, JSON.stringify(status)).toBe(400);
      expect(answer.json.erro).toMatchObject({ codigo: 'VALIDACAO', detalhes: [expect.objectContaining({ campo: 'status' })] });
    }
    expect((await call(fake, 'GET', `/v1/pedidos/${pedido.id}`)).json.status).toBe('AGUARDANDO_PAGAMENTO');
  });
});
