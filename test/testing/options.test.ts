import { describe, expect, it } from 'vitest';
import { InvalidInputError, PartnerCommerceError } from 'partner-commerce';
import { createFakeApi } from 'partner-commerce/testing';
import { refusal } from '../helpers/refusal.js';

/** The error createFakeApi throws for `options` (fails when it throws nothing or another error). */
const refusalOf = (options: Parameters<typeof createFakeApi>[0]): InvalidInputError => refusal(() => createFakeApi(options));

/** The paths an InvalidInputError thrown by `act` names, in order. */
const pathsOf = (act: () => void): string[] => refusal(act).issues.map((i) => i.path);

describe("the kit checks its options once, in the package's one error style", () => {
  it('createFakeApi names every bad option in one InvalidInputError', () => {
    const error = refusalOf({ catalogSize: -1, maxBodyBytes: -1, sendNulls: 'x' as never });
    expect(error).toBeInstanceOf(PartnerCommerceError);
    expect(error.issues.map((i) => i.path).sort()).toEqual(['catalogSize', 'maxBodyBytes', 'sendNulls']);
    for (const issue of error.issues) expect(issue.message).not.toBe('');
  });

  it('names nested options by their path, every one of them', () => {
    const error = refusalOf({
      rateLimit: { perMinute: 0, windowMs: -5 },
      writePermissions: { vendas: 'x', pedidos: '' } as never,
      webhookUrl: 'ftp://x',
      baseUrl: 'not a url',
      tokens: 'svc_sbx_x' as never,
      accounts: { svc_sbx_a: { permissions: 'pedidos:ler' as never } },
    });
    expect(error.issues.map((i) => i.path).sort()).toEqual(
      ['accounts["svc_sbx_a"].permissions', 'baseUrl', 'rateLimit.perMinute', 'rateLimit.windowMs', 'tokens', 'webhookUrl', 'writePermissions.pedidos', 'writePermissions.vendas'].sort(),
    );
  });

  it('a rateLimit that is not an object is told the fields it takes, perMinute and (optionally) windowMs', () => {
    const issue = refusalOf({ rateLimit: 5 as never }).issues.find((i) => i.path === 'rateLimit');
    expect(issue?.message).toBe('must be { perMinute, windowMs? } or false');
  });

  it('accepts good options and builds the fake', () => {
    expect(createFakeApi({ catalogSize: 0, maxBodyBytes: 0, sendNulls: true, rateLimit: false }).catalog.skus()).toEqual([]);
  });

  it('names the webhook options in the same one error as the others', () => {
    const error = refusalOf({ catalogSize: 1.5, webhookSecret: '', webhookFaults: { drop: 1.5, delayMs: -1, seed: {} as never } });
    expect(error.issues.map((i) => i.path).sort()).toEqual(['catalogSize', 'webhookFaults.delayMs', 'webhookFaults.drop', 'webhookFaults.seed', 'webhookSecret']);
  });

  it('fake.inject and fake.setWebhookFaults name every bad field in one InvalidInputError', () => {
    const fake = createFakeApi();
    const inject = (): void => fake.inject('GET /v1/conta', [{ status: 42 }, { drop: false as never }, { delayMs: -1 }]);
    expect(inject).toThrow(InvalidInputError);
    expect(pathsOf(inject)).toEqual(['faults[0].status', 'faults[1].drop', 'faults[2].delayMs']);
    expect(pathsOf(() => fake.setWebhookFaults({ reorder: Number.NaN, duplicate: 2 }))).toEqual(['setWebhookFaults.duplicate', 'setWebhookFaults.reorder']);
  });
});
