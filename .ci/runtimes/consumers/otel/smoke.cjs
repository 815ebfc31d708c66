// CommonJS consumer with @opentelemetry/api and the trace SDK installed (see check.mjs).
const { SpanKind } = require('@opentelemetry/api');
const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { PartnerCommerce } = require('partner-commerce');
const { createFakeApi } = require('partner-commerce/testing');

import('./check.mjs')
  .then(({ check }) =>
    check(process.argv[2] ?? 'otel cjs', {
      PartnerCommerce,
      createFakeApi,
      otel: { SpanKind, BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor },
    }),
  )
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
