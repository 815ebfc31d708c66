import type { DataPoint, Histogram } from '@opentelemetry/sdk-metrics';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/index.js';
import { eventoBody } from '../webhooks/fixtures.js';
import { testHandler } from '../webhooks/helpers.js';
import { inMemoryOtel } from './otel-setup.js';

describe('webhook handler metrics', () => {
  it('record handling duration by outcome, duplicates skipped and parse failures', async () => {
    const otel = inMemoryOtel();
    const { handler } = testHandler({ on: { 'pedido.criado': () => {} }, telemetry: { meterProvider: otel.meterProvider } });
    const body = eventoBody('pedido.criado', { id: 'evt_1' });
    expect((await handler.handle(body)).outcome).toBe('handled');
    expect((await handler.handle(body)).outcome).toBe('duplicate');
    expect((await handler.handle(body)).outcome).toBe('duplicate');
    expect((await handler.handle('{not json')).outcome).toBe('malformed');
    const metrics = await otel.metrics();
    const durations = metrics.get('partner_commerce.webhook.handling.duration')!.dataPoints as DataPoint<Histogram>[];
    expect(durations.map((p) => [p.attributes['partner_commerce.webhook.outcome'], p.attributes['partner_commerce.webhook.event'], p.value.count]).sort()).toEqual([
      ['duplicate', 'pedido.criado', 2],
      ['handled', 'pedido.criado', 1],
      ['malformed', undefined, 1],
    ]);
    expect(metrics.get('partner_commerce.webhook.duplicates')!.dataPoints.map((p) => [p.attributes['partner_commerce.webhook.event'], p.value])).toEqual([['pedido.criado', 2]]);
    expect(metrics.get('partner_commerce.webhook.parse_failures')!.dataPoints.map((p) => p.value)).toEqual([1]);
    await otel.shutdown();
  });

  it('checks the option, naming the field', () => {
    expect(() => testHandler({ telemetry: { tracerProvider: {} } as never })).toThrow(InvalidInputError);
    expect(() => testHandler({ telemetry: { tracerProvider: {} } as never })).toThrow(/telemetry\.tracerProvider: is not an option of telemetry \(known: meterProvider\)/);
    expect(() => testHandler({ telemetry: 'on' as never })).toThrow(/telemetry: must be true, false or \{ meterProvider \}/);
  });
});

describe('webhook metrics, event label', () => {
  it('bounds the event label: kinds the SDK does not know share one series, _OTHER', async () => {
    const otel = inMemoryOtel();
    const { handler } = testHandler({ on: { 'pedido.criado': () => {} }, onUnknown: () => {}, telemetry: { meterProvider: otel.meterProvider } });
    expect((await handler.handle(eventoBody('pedido.criado', { id: 'evt_1' }))).outcome).toBe('handled');
    expect((await handler.handle(eventoBody('atacante.tipo_1', { id: 'evt_2' }))).outcome).toBe('handled');
    expect((await handler.handle(eventoBody('atacante.tipo_2', { id: 'evt_3' }))).outcome).toBe('handled');
    expect((await handler.handle(eventoBody('atacante.tipo_2', { id: 'evt_3' }))).outcome).toBe('duplicate');
    const metrics = await otel.metrics();
    const durations = metrics.get('partner_commerce.webhook.handling.duration')!.dataPoints as DataPoint<Histogram>[];
    expect(durations.map((p) => [p.attributes['partner_commerce.webhook.outcome'], p.attributes['partner_commerce.webhook.event'], p.value.count]).sort()).toEqual([
      ['duplicate', '_OTHER', 1],
      ['handled', '_OTHER', 2],
      ['handled', 'pedido.criado', 1],
    ]);
    expect(metrics.get('partner_commerce.webhook.duplicates')!.dataPoints.map((p) => [p.attributes['partner_commerce.webhook.event'], p.value])).toEqual([['_OTHER', 1]]);
    await otel.shutdown();
  });
});
