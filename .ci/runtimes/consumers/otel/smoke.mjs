// ESM consumer with @opentelemetry/api and the trace SDK installed (see check.mjs).
import { SpanKind } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { PartnerCommerce } from 'partner-commerce';
import { createFakeApi } from 'partner-commerce/testing';
import { check } from './check.mjs';

await check(process.argv[2] ?? 'otel esm', {
  PartnerCommerce,
  createFakeApi,
  otel: { SpanKind, BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor },
});
