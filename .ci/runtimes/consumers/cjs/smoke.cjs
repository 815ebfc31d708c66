// CommonJS consumer: the package's `require` conditions (dist/*.cjs). The shared checks are an ES
// module of the test itself (not of the package), so they are loaded with import().
'use strict';
const { ApiError, InvalidInputError, Money, PartnerCommerce, PartnerCommerceError } = require('partner-commerce');
const webhooks = require('partner-commerce/webhooks');
const { createFakeApi } = require('partner-commerce/testing');
const { createRedisDedupeStore } = require('partner-commerce/redis');

const loaded = require.resolve('partner-commerce');
if (!loaded.endsWith('.cjs')) throw new Error(`require('partner-commerce') loaded ${loaded}, expected the .cjs build`);
// One Money class per format: the one the webhooks entry hands out is the main entry's.
if (webhooks.Money !== Money) throw new Error('partner-commerce/webhooks Money differs from partner-commerce Money (CJS)');

const label = process.argv[2] ?? 'cjs';
// The Redis entry loads without its optional peer `redis`; a URL is then a configuration error (one
// of the package's errors, the main entry's class) naming what to install.
const redisChecked = createRedisDedupeStore({ redis: 'redis://127.0.0.1:1', environment: 'sandbox' })
  .has('evt_1')
  .then(
    () => {
      throw new Error('partner-commerce/redis without redis: a command succeeded');
    },
    (e) => {
      if (!(e instanceof InvalidInputError) || !(e instanceof PartnerCommerceError) || !e.message.includes('npm install redis')) throw new Error(`partner-commerce/redis without redis: ${e}`);
    },
  );
redisChecked
  .then(() => import('../shared/smoke-core.mjs'))
  .then(({ main }) => main(label, async () => ({ PartnerCommerce, ApiError, PartnerCommerceError, Money, createWebhookHandler: webhooks.createWebhookHandler, createFakeApi })))
  .catch((error) => {
    // main() has printed its own failures; anything else (the Redis check) is printed here.
    if (!String(error?.stack ?? '').includes('smoke-core')) console.error(`FAIL ${label}:`, error);
    process.exitCode = 1;
  });
