// A partner's tooling written against 0.1: the CLI's exports (a sandbox in process) and the Redis
// dedupe store's factory, without a Redis (only its presence is checked).
import { PartnerCommerce } from 'partner-commerce';
import { EXIT, runCli, startSandbox, type Sandbox } from 'partner-commerce/cli';
import { createRedisDedupeStore, RedisUnavailableError } from 'partner-commerce/redis';

const sandbox: Sandbox = await startSandbox({ port: 0, catalogSize: 3 });
try {
  const client = new PartnerCommerce({ token: 'svc_sbx_compat', baseUrl: sandbox.url, rateLimit: false });
  const page = await client.produtos.listar({ limite: 1 });
  if (page.dados.length !== 1) throw new Error(`sandbox listed ${page.dados.length}`);
} finally {
  await sandbox.close();
}
if (typeof runCli !== 'function' || EXIT.ok !== 0 || typeof createRedisDedupeStore !== 'function' || !(new RedisUnavailableError('x') instanceof Error)) throw new Error('cli/redis exports');
console.log('cli-redis: sandbox answered, exports present');
