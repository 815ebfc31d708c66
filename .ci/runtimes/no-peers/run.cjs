// The same run as run.mjs, through `require` (dist/*.cjs).
const { PartnerCommerce } = require('partner-commerce');
const { createWebhookHandler } = require('partner-commerce/webhooks');
const { createFakeApi } = require('partner-commerce/testing');

import('./check.mjs').then(({ check }) => check(process.argv[2] ?? 'no-peers cjs', { PartnerCommerce, createWebhookHandler, createFakeApi }));
