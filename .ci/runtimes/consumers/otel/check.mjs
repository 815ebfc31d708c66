// The built package with a real tracer provider: the tracing code sits in a chunk loaded by import()
// only when `telemetry` is on, so this proves that chunk loads from the tarball (ESM and CJS) and
// makes the span tree the README promises. Shared by smoke.mjs and smoke.cjs.
export async function check(label, { PartnerCommerce, createFakeApi, otel }) {
  const started = Date.now();
  const exporter = new otel.InMemorySpanExporter();
  const tracerProvider = new otel.BasicTracerProvider({ spanProcessors: [new otel.SimpleSpanProcessor(exporter)] });
  const server = await createFakeApi({ rateLimit: false }).listen();
  try {
    const token = 'svc_sbx_otel_smoke';
    const client = new PartnerCommerce({ token, baseUrl: server.url, telemetry: { tracerProvider } });
    const produto = await client.produtos.obter('SKU-0001');
    const spans = exporter.getFinishedSpans();
    const names = spans.map((s) => s.name).sort();
    const want = ['GET /v1/produtos/{sku}', 'GET /v1/produtos/{sku}'];
    if (JSON.stringify(names) !== JSON.stringify(want)) throw new Error(`spans ${JSON.stringify(names)}, want ${JSON.stringify(want)}`);
    const attempt = spans.find((s) => s.kind === otel.SpanKind.CLIENT);
    const operation = spans.find((s) => s.kind !== otel.SpanKind.CLIENT);
    if (!attempt || !operation) throw new Error('want one operation span and one CLIENT attempt span');
    const parentId = attempt.parentSpanContext?.spanId ?? attempt.parentSpanId;
    if (parentId !== operation.spanContext().spanId) throw new Error('the attempt span is not a child of the operation span');
    if (attempt.attributes['http.response.status_code'] !== 200) throw new Error(`status attribute ${attempt.attributes['http.response.status_code']}`);
    if (JSON.stringify(spans.map((s) => s.attributes)).includes(token)) throw new Error('the token is in a span attribute');
    console.log(`ok   ${label.padEnd(22)} ${produto.sku}: ${names.length} spans (operation > CLIENT attempt, 200), no token (${Date.now() - started} ms)`);
  } finally {
    await server.close();
    await tracerProvider.shutdown();
  }
}
