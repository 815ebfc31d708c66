// A partner's test written against 0.1: the fake's catalog driver and rate limit, by their 0.1 names.
import { createFakeApi, FAKE_SIGNATURE_HEADER, signFakeWebhook } from 'partner-commerce/testing';

const fake = createFakeApi({ catalogSize: 3, rateLimit: { limit: 60, windowMs: 60_000 } });
const sku = fake.catalog.skus()[0] ?? '';
fake.catalog.alterarPrecos(sku, { precoAtacado: '10.00' });
fake.catalog.desativar(sku);
const headers = await signFakeWebhook('s', '{}');
console.log(`kit: ${fake.catalog.produto(sku)?.ativo} ${FAKE_SIGNATURE_HEADER in headers}`);
