import type { RouteContext } from './context.js';
import { FakeApiError, validacao, type Detalhe } from './fake-error.js';

/** True for a JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The request body as a JSON object. Text that is not JSON, or JSON that is not an object, is a
 * request the server cannot understand: 400 REQUISICAO_INVALIDA. An empty body reads as `{}` so the
 * field checks can name what is missing.
 */
export function jsonObject(context: Pick<RouteContext, 'body'>): Record<string, unknown> {
  if (context.body.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(context.body);
  } catch {
    throw new FakeApiError(400, 'REQUISICAO_INVALIDA', 'O corpo da requisição não é JSON válido.');
  }
  if (!isObject(parsed)) throw new FakeApiError(400, 'REQUISICAO_INVALIDA', 'O corpo da requisição deve ser um objeto JSON.');
  return parsed;
}

/** Collects field problems, so one 400 VALIDACAO names them all, as the spec's `detalhes` does. */
export class Problems {
  readonly list: Detalhe[] = [];

  /** Records a problem with `campo`. */
  add(campo: string, mensagem: string): void {
    this.list.push({ campo, mensagem });
  }

  /** `value` as a non-empty string, or records a problem. `max` counts code points. */
  string(value: unknown, campo: string, options: { max?: number; optional?: boolean } = {}): string | undefined {
    if (value === undefined && options.optional) return undefined;
    if (typeof value !== 'string' || value.trim() === '') {
      this.add(campo, 'deve ser um texto não vazio');
      return undefined;
    }
    if (options.max !== undefined && [...value].length > options.max) {
      this.add(campo, `deve ter no máximo ${options.max} caracteres`);
      return undefined;
    }
    return value;
  }

  /** `value` as an integer of at least `min`, or records a problem. */
  integer(value: unknown, campo: string, min: number): number | undefined {
    if (typeof value === 'number' && Number.isInteger(value) && value >= min) return value;
    this.add(campo, `deve ser um número inteiro maior ou igual a ${min}`);
    return undefined;
  }

  /** @throws {FakeApiError} 400 VALIDACAO listing every problem, when there is any. */
  throwIfAny(): void {
    if (this.list.length > 0) throw validacao(this.list);
  }
}
