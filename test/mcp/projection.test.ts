import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors/invalid-input-error.js';
import { parseFields, project } from '../../src/mcp/projection.js';

// `fields` as the tools read it: dotted paths, `[field=value]` narrowing an array, each item of a list.
const produto = {
  sku: 'TEN-001',
  precoAtacado: '129.90',
  ativo: true,
  numeracoes: [
    { numeracao: '37', skuVariacao: 'TEN-001-37', estoque: 0 },
    { numeracao: '38', skuVariacao: 'TEN-001-38', estoque: 12 },
  ],
  categorias: [{ id: 'cat_1', nome: 'Corrida' }],
};

const keep = (value: unknown, ...fields: string[]) => project(value, parseFields(fields)!);

describe('fields', () => {
  it('keeps the named fields, into objects and across arrays, and leaves the rest out', () => {
    expect(keep(produto, 'sku')).toEqual({ sku: 'TEN-001' });
    expect(keep(produto, 'sku', 'numeracoes.estoque')).toEqual({ sku: 'TEN-001', numeracoes: [{ estoque: 0 }, { estoque: 12 }] });
    expect(keep(produto, 'categorias')).toEqual({ categorias: [{ id: 'cat_1', nome: 'Corrida' }] });
  });

  it('narrows an array to the elements whose field equals the value, compared as text', () => {
    expect(keep(produto, 'numeracoes[numeracao=38].estoque')).toEqual({ numeracoes: [{ estoque: 12 }] });
    expect(keep(produto, 'numeracoes[estoque=0]')).toEqual({ numeracoes: [produto.numeracoes[0]] });
    expect(
      keep(
        [
          { a: true, b: 1 },
          { a: false, b: 2 },
        ],
        'a',
        'b',
      ),
    ).toEqual([
      { a: true, b: 1 },
      { a: false, b: 2 },
    ]);
    expect(
      keep(
        {
          list: [
            { a: true, b: 1 },
            { a: false, b: 2 },
          ],
        },
        'list[a=true].b',
      ),
    ).toEqual({ list: [{ b: 1 }] });
    expect(keep(produto, 'numeracoes[numeracao=44].estoque')).toEqual({ numeracoes: [] });
  });

  it('leaves out a field the answer does not have rather than make one up', () => {
    expect(keep(produto, 'titulo', 'sku.deeper', 'numeracoes.cor')).toEqual({ numeracoes: [{}, {}] });
    expect(keep({ a: null }, 'a.b')).toEqual({});
    expect(keep({ a: null }, 'a')).toEqual({ a: null });
  });

  it('keeps a field whole when one path asks for it whole and another for part of it', () => {
    expect(keep(produto, 'numeracoes.estoque', 'numeracoes')).toEqual({ numeracoes: produto.numeracoes });
    expect(keep(produto, 'numeracoes', 'numeracoes.estoque')).toEqual({ numeracoes: produto.numeracoes });
  });

  it('refuses bad paths in one error naming each (fields.N), before anything is sent', () => {
    const refusal = (fields: unknown) => {
      try {
        parseFields(fields);
      } catch (err) {
        expect(err).toBeInstanceOf(InvalidInputError);
        return (err as InvalidInputError).issues.map((i) => i.path);
      }
      throw new Error('accepted');
    };
    expect(refusal(['sku', 'a..b', 'x[y]', 7, ''])).toEqual(['fields.1', 'fields.2', 'fields.3', 'fields.4']);
    expect(refusal('sku')).toEqual(['fields']);
    expect(refusal([])).toEqual(['fields']);
    expect(refusal(Array.from({ length: 51 }, () => 'sku'))).toEqual(['fields']);
    expect(refusal(['numeracoes[numeracao=38].estoque', 'numeracoes[numeracao=39].estoque'])).toEqual(['fields.1']);
    expect(parseFields(undefined)).toBeUndefined();
  });
});

// Properties over any JSON and any paths, by fast-check, on a fixed seed (the same cases every run, so
// the suite never passes or fails by the draw): what a projection gives is never more than the value
// held, and, for paths without [field=value], projecting again with the same paths changes nothing. A
// selection is not idempotent by design: an element it kept need not keep the field it was chosen by
// ({"a":[{"c":true}]} with a[c=true].b gives {"a":[{}]}, which a[c=true] then drops).
const SEED = 20261202;
const name = fc.constantFrom('a', 'b', 'c', 'id');
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.constantFrom(null, true, 1, 'x', 'a'), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(name, tie('value'), { maxKeys: 4 })),
})).value;
const segment = fc.oneof(
  name,
  fc.tuple(name, name, fc.constantFrom('x', '1', 'true', 'a')).map(([n, f, v]) => `${n}[${f}=${v}]`),
);
const path = fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('.'));

describe('fields, as properties', () => {
  it('never give more JSON than the value has, and projecting twice is projecting once unless a [field=value] chose', () => {
    fc.assert(
      fc.property(json, fc.array(path, { minLength: 1, maxLength: 4 }), (value, paths) => {
        let projection;
        try {
          projection = parseFields(paths);
        } catch {
          return; // two different selections of one field: refused, tested above
        }
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed: tsc does not narrow the `let` set in the try above (the rule does)
        const once = project(value, projection!);
        if (once === undefined) return;
        expect(JSON.stringify(once).length).toBeLessThanOrEqual(JSON.stringify(value).length);
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed, as above
        if (paths.every((p) => !p.includes('['))) expect(project(once, projection!)).toEqual(once);
      }),
      { numRuns: 1000, seed: SEED },
    );
  });

  it('give an object back whole when every field of it is asked for', () => {
    fc.assert(
      fc.property(fc.dictionary(name, json, { minKeys: 1, maxKeys: 4 }), (value) => {
        expect(project(value, parseFields(Object.keys(value))!)).toEqual(value);
      }),
      { seed: SEED },
    );
  });
});
