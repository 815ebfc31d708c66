// The testing kit's own reading of which fields a real server may send as `null` (the SDK's models
// accept them; this list is kept apart from them on purpose, so an end-to-end test against the fake can
// catch a model that refuses what the server sends).

/** A record kind the fake sends, told apart by fields only it has, and its optional fields. */
interface NoValueFields {
  readonly is: (record: Readonly<Record<string, unknown>>) => boolean;
  readonly fields: readonly string[];
}

const has = (record: Readonly<Record<string, unknown>>, ...fields: string[]) => fields.every((f) => Object.hasOwn(record, f));

const RECORDS: readonly NoValueFields[] = [
  // An order: the summary fields a panel order has no value for.
  { is: (r) => has(r, 'numero', 'total', 'status'), fields: ['referenciaExterna', 'origem', 'enviarPara', 'statusAnterior'] },
  // A label: its tracking code before the carrier gives one, its previous status outside its event.
  { is: (r) => has(r, 'emitidaEm', 'valor', 'status'), fields: ['rastreio', 'statusAnterior'] },
  // A ledger entry: the order that originated it, when none did.
  { is: (r) => has(r, 'valor', 'tipo', 'criadoEm') && !has(r, 'emitidaEm'), fields: ['pedido', 'descricao'] },
  // A product: a price in the partner's store it is not in, an image or a suggested price it lacks.
  { is: (r) => has(r, 'sku', 'precoAtacado', 'atualizadoEm'), fields: ['precoAtual', 'precoSugerido', 'imagem'] },
  // An item of an order: its sale value until the partner sets it.
  { is: (r) => has(r, 'skuVariacao', 'quantidade'), fields: ['valorVenda'] },
];

/**
 * A copy of `value` (a JSON-ready answer or notice) where every record the fake knows has `null` for
 * each optional field it lacks, as a real server sends "no value". The fake's state is never touched.
 */
export function withNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNulls);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(record)) copy[key] = withNulls(field);
  for (const kind of RECORDS) {
    if (!kind.is(record)) continue;
    for (const field of kind.fields) if (!Object.hasOwn(record, field)) copy[field] = null;
  }
  return copy;
}
