// A partner's error handling written against 0.1: the type guard and the raw body, as 0.1's README
// showed them.
import { type ApiError, isApiError, PartnerCommerce } from 'partner-commerce';
import { createFakeApi } from 'partner-commerce/testing';

const fake = createFakeApi({ catalogSize: 1, rateLimit: false });
const client = new PartnerCommerce({ token: 'svc_sbx_compat', baseUrl: 'https://sandbox.example.test', fetch: fake.fetch, rateLimit: false });
try {
  await client.produtos.obter('NAO-EXISTE');
} catch (e) {
  if (!isApiError(e)) throw e;
  const err = e as ApiError;
  console.log(`errors: ${err.status} ${err.codigo} ${JSON.stringify(err.corpo).length > 0}`);
}
