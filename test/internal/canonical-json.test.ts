import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/internal/canonical-json.js';
import { Money } from '../../src/money/index.js';
import { changedFields } from '../../src/mirror/apply/diff.js';

describe('canonical JSON', () => {
  it('is the same text whatever the key order, at every depth; array order counts', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(canonicalJson({ a: { c: null, d: [2, 1] }, b: 1 }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
  });

  it('writes a Money as its wire string, so a parsed state and a wire state compare equal', () => {
    expect(canonicalJson({ precoAtacado: Money.of('199.90') })).toBe(canonicalJson({ precoAtacado: '199.90' }));
  });

  it('keeps a field named __proto__ from the server, so a change in it is seen', () => {
    const before = JSON.parse('{"sku":"A","atualizadoEm":"2026-11-20T10:00:00Z","ativo":true,"extra":{"__proto__":{"a":1}}}');
    const after = JSON.parse('{"sku":"A","atualizadoEm":"2026-11-20T10:00:01Z","ativo":true,"extra":{"__proto__":{"a":2}}}');
    expect(changedFields(before, after)).toEqual(['extra']);
  });
});
