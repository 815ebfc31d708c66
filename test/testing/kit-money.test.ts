import { describe, expect, it } from 'vitest';
import { readMoney, sumMoney, timesMoney, wireMoney } from '../../src/testing/core/money.js';
import { createFakeApi } from '../../src/testing/index.js';
import { call } from './helpers.js';

// Expectations from the spec, "General conventions", row Money: "Always a string with exactly two
// decimals and a dot as separator, never a number. Negative values are written with a leading minus."
// And "Sandbox simulators" > "Ledger entry": valor a money string, zero refused (400 VALIDACAO).

describe("the kit's own money", () => {
  it('reads the wire form into cents, the minus in front for a negative amount', () => {
    expect(readMoney('129.90')).toBe(12990n);
    expect(readMoney('0.05')).toBe(5n);
    expect(readMoney('-5.00')).toBe(-500n);
    expect(readMoney('90071992547409.93')).toBe(9007199254740993n); // past a double's exact range, still exact
  });

  it('refuses every other form: a number, one or three decimals, a comma, no decimals, a plus, spaces, an exponent', () => {
    for (const bad of [129.9, 12990, '129.9', '129.900', '129,90', '129', '.90', '+5.00', ' 5.00', '5.00 ', '1e2', '5.-0', '-', '', null, undefined]) {
      expect(readMoney(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });

  it('writes cents with exactly two decimals and a dot, a minus in front when negative', () => {
    expect(wireMoney(12990n)).toBe('129.90');
    expect(wireMoney(5n)).toBe('0.05');
    expect(wireMoney(0n)).toBe('0.00');
    expect(wireMoney(-500n)).toBe('-5.00');
    expect(wireMoney(-7n)).toBe('-0.07');
    expect(wireMoney(9007199254740993n)).toBe('90071992547409.93');
  });

  it('sums and multiplies in cents, so no binary fraction shows (0.10 + 0.20 is 0.30)', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['100.00', '-30.55'])).toBe('69.45');
    expect(sumMoney([])).toBe('0.00');
    expect(timesMoney('19.99', 3)).toBe('59.97');
    expect(timesMoney('0.01', 0)).toBe('0.00');
  });
});

describe('the fake refuses a malformed money string with the spec answer', () => {
  it('answers 400 VALIDACAO naming valor for each form the spec excludes, and records nothing', async () => {
    const fake = createFakeApi();
    for (const valor of ['12.5', '12,50', '12.500', '+12.50', '12', 12.5, '1e3']) {
      const answer = await call(fake, 'POST', '/v1/sandbox/financeiro/lancamentos', { body: { valor, descricao: 'x' } });
      expect(answer.status, JSON.stringify(valor)).toBe(400);
      expect(answer.json.erro).toMatchObject({ codigo: 'VALIDACAO', detalhes: [expect.objectContaining({ campo: 'valor' })] });
    }
    expect((await call(fake, 'GET', '/v1/financeiro/saldo')).json.saldo).toBe('0.00');
  });

  it('keeps a well-formed debit as sent and answers the balance in the wire form', async () => {
    const fake = createFakeApi();
    const debito = await call(fake, 'POST', '/v1/sandbox/financeiro/lancamentos', { body: { valor: '-0.10', descricao: 'tarifa' } });
    expect(debito.status).toBe(201);
    expect(debito.json.valor).toBe('-0.10');
    await call(fake, 'POST', '/v1/sandbox/financeiro/lancamentos', { body: { valor: '0.30', descricao: 'bônus' } });
    expect((await call(fake, 'GET', '/v1/financeiro/saldo')).json.saldo).toBe('0.20');
  });
});
