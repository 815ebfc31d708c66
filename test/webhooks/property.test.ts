import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { Money } from '../../src/money/index.js';
import { expandBatch, parseWebhook, TIPOS_EVENTO, WebhookParseError, type EventoWebhook } from '../../src/webhooks/index.js';
import { eventoJson } from './fixtures.js';
import { testHandler } from './helpers.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Parses, and returns the event or the WebhookParseError; anything else thrown fails the property. */
function outcome(body: unknown): EventoWebhook | WebhookParseError {
  try {
    return parseWebhook(body as string);
  } catch (err) {
    if (err instanceof WebhookParseError) return err;
    throw new Error(`parseWebhook threw something else: ${String(err)}`, { cause: err });
  }
}

const ALLOWED_PROTOTYPES = new Set<unknown>([Object.prototype, Array.prototype, Money.prototype, null]);

/** Every object reachable from the parsed event has an ordinary prototype. */
function assertPlainPrototypes(value: unknown, seen = new Set<unknown>()): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  expect(ALLOWED_PROTOTYPES.has(Object.getPrototypeOf(value))).toBe(true);
  if (value instanceof Money) return;
  for (const key of Object.keys(value)) assertPlainPrototypes((value as Record<string, unknown>)[key], seen);
}

function assertNoPollution(): void {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(PROTOTYPE_KEYS);
}
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype);

/** Paths to every value in a JSON tree ([] is the root). */
function paths(value: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}

type Mutation = { kind: 'drop' } | { kind: 'replace'; value: Json } | { kind: 'inject'; key: '__proto__' | 'constructor' | 'prototype' };

/** Applies one mutation at `path` of a deep copy; injected keys are own properties, as JSON.parse makes them. */
function mutate(root: Json, path: (string | number)[], mutation: Mutation): Json {
  const copy = JSON.parse(JSON.stringify(root)) as Json;
  if (path.length === 0 && mutation.kind !== 'inject') return mutation.kind === 'drop' ? null : mutation.value;
  const parent = path.slice(0, -1).reduce<Json>((node, key) => (node as Record<string, Json>)[key]!, copy);
  const target = mutation.kind === 'inject' ? path.reduce<Json>((node, key) => (node as Record<string, Json>)[key]!, copy) : parent;
  const last = path.at(-1)!;
  if (mutation.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete (parent as Record<string, Json>)[last];
  } else if (mutation.kind === 'replace') {
    (parent as Record<string, Json>)[last] = mutation.value;
  } else if (target !== null && typeof target === 'object') {
    const payload = mutation.key === 'constructor' ? { prototype: { polluted: 'yes' } } : { polluted: 'yes' };
    Object.defineProperty(target, mutation.key, { value: payload, enumerable: true, configurable: true, writable: true });
  }
  return copy;
}

const tipo = fc.constantFrom(...TIPOS_EVENTO, 'tipo.desconhecido');
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constant({ kind: 'drop' as const }),
  fc.record({
    kind: fc.constant('replace' as const),
    value: fc.oneof(
      fc.json().map((j) => JSON.parse(j) as Json),
      fc.constantFrom<Json>(null, '', 0, -1.5, true, [], {}, '12.345', 'evt_'),
    ),
  }),
  fc.record({ kind: fc.constant('inject' as const), key: fc.constantFrom('__proto__' as const, 'constructor' as const, 'prototype' as const) }),
);

afterEach(assertNoPollution);

describe('parseWebhook under random and mutated bodies', () => {
  it('gives an event or a WebhookParseError for every mutation of a valid notice, as text and as an object', () => {
    fc.assert(
      fc.property(tipo, fc.nat(), mutation, (kind, pick, change) => {
        const valid = eventoJson(kind) as Json;
        const all = paths(valid);
        const mutated = mutate(valid, all[pick % all.length]!, change);
        for (const body of [JSON.stringify(mutated), mutated]) {
          const result = outcome(body);
          if (!(result instanceof WebhookParseError)) {
            assertPlainPrototypes(result);
            for (const single of expandBatch(result)) assertPlainPrototypes(single);
          } else expect(result.issues.length).toBeGreaterThan(0);
          assertNoPollution();
        }
      }),
      { numRuns: 400 },
    );
  });

  it('gives an event or a WebhookParseError for truncated JSON', () => {
    fc.assert(
      fc.property(tipo, fc.nat(), (kind, cut) => {
        const text = JSON.stringify(eventoJson(kind));
        const result = outcome(text.slice(0, cut % text.length));
        expect(result).toBeInstanceOf(WebhookParseError);
      }),
      { numRuns: 200 },
    );
  });

  it('gives a WebhookParseError for random bytes, random text and random JSON', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 200 }), fc.json()), (body) => {
        const result = outcome(body);
        // Random input is never a valid envelope (no "evt_" id, no timestamp), so it is always refused.
        expect(result).toBeInstanceOf(WebhookParseError);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps prototypes intact for "__proto__" and "constructor" keys written in the JSON text', () => {
    const body = `{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"id":"evt_1","evento":"x.y","criadoEm":"2026-11-20T10:00:00-03:00","ambiente":"producao","integracao":{"id":"i","nome":"n","__proto__":{"polluted":"yes"}},"dados":{"__proto__":{"polluted":"yes"},"a":{"__proto__":{"polluted":"yes"}}}}`;
    const result = outcome(body);
    expect(result).not.toBeInstanceOf(WebhookParseError);
    assertPlainPrototypes(result);
    assertNoPollution();
  });

  it('answers every mutated delivery with a status, never a rejection', async () => {
    const { handler } = testHandler({ on: Object.fromEntries(TIPOS_EVENTO.filter((t) => t !== 'produto.lote').map((t) => [t, () => {}])) });
    await fc.assert(
      fc.asyncProperty(tipo, fc.nat(), mutation, async (kind, pick, change) => {
        const valid = eventoJson(kind) as Json;
        const all = paths(valid);
        const result = await handler.handle(JSON.stringify(mutate(valid, all[pick % all.length]!, change)));
        expect([200, 400]).toContain(result.status);
      }),
      { numRuns: 200 },
    );
  });
});
