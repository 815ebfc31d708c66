import { isObject, Problems } from '../core/body.js';
import { toBrasilia } from '../core/timestamp.js';
import type { Account } from '../state/account.js';
import type { ClienteRecord } from '../state/records.js';

// Fields the server owns: a body cannot set them.
const OWN = new Set(['id', 'criadoEm', 'atualizadoEm']);

/**
 * Checks customer fields (the spec shows only the paths nome, whatsapp, endereco.cep, endereco.rua):
 * `nome` a non-empty text (required on creation), `whatsapp` a text, `endereco` an object. Other
 * fields are kept as sent. Problems are added to `problems` under `prefix` (`cliente.` inside an order).
 */
export function checkClienteFields(body: Record<string, unknown>, problems: Problems, creating: boolean, prefix = ''): void {
  if (creating || 'nome' in body) problems.string(body.nome, `${prefix}nome`);
  if (body.whatsapp !== undefined && body.whatsapp !== null && typeof body.whatsapp !== 'string') problems.add(`${prefix}whatsapp`, 'deve ser um texto');
  if (body.endereco !== undefined && body.endereco !== null && !isObject(body.endereco)) problems.add(`${prefix}endereco`, 'deve ser um objeto');
}

/** Adds a customer to the book (fields already checked). */
export function addCliente(account: Account, body: Record<string, unknown>, now: Date): ClienteRecord {
  const at = toBrasilia(now);
  const cliente = compose(account.ids.next('cli'), body, at, at);
  account.clientes.set(cliente.id, cliente);
  return cliente;
}

/**
 * Applies a PATCH as a JSON merge patch (nested objects merge, `null` removes a field) and says which
 * field paths changed (`nome`, `endereco.cep`...). Writing equal values changes nothing, not even
 * `atualizadoEm`. @returns the paths changed, empty when none.
 */
export function patchCliente(account: Account, cliente: ClienteRecord, patch: Record<string, unknown>, now: Date): string[] {
  const alterados: string[] = [];
  const { id, criadoEm, atualizadoEm, ...campos } = cliente;
  const merged = merge(campos, strip(patch), '', alterados);
  if (alterados.length > 0) account.clientes.set(id, compose(id, merged, criadoEm, toBrasilia(now)));
  else account.clientes.set(id, compose(id, merged, criadoEm, atualizadoEm));
  return alterados;
}

function compose(id: string, campos: Record<string, unknown>, criadoEm: string, atualizadoEm: string): ClienteRecord {
  const { nome, ...rest } = strip(campos);
  return { id, nome: String(nome), ...rest, criadoEm, atualizadoEm };
}

function strip(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !OWN.has(k)));
}

function merge(target: Record<string, unknown>, patch: Record<string, unknown>, prefix: string, alterados: string[]): Record<string, unknown> {
  const out = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const path = `${prefix}${key}`;
    const current = out[key];
    if (value === null) {
      if (key in out) alterados.push(path);
      delete out[key];
    } else if (isObject(value)) {
      out[key] = merge(isObject(current) ? current : {}, value, `${path}.`, alterados);
    } else if (JSON.stringify(current) !== JSON.stringify(value)) {
      out[key] = value;
      alterados.push(path);
    }
  }
  return out;
}
