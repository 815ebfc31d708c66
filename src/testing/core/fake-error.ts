/** One problem in `detalhes`: the field concerned and what is wrong with it. */
export interface Detalhe {
  /** The parameter or body field concerned, when there is one. */
  campo?: string;
  /** What is wrong, for humans. */
  mensagem: string;
}

/**
 * An error answer a route decides on. Routes throw it instead of building responses so that the
 * pipeline alone knows the error format, the request id and the headers.
 */
export class FakeApiError extends Error {
  override name = 'FakeApiError' as const;

  constructor(
    readonly status: number,
    readonly codigo: string,
    mensagem: string,
    readonly detalhes: readonly Detalhe[] = [],
    /** Fields some codes carry beside `codigo` (e.g. `escopoNecessario`). */
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(mensagem);
  }
}

/** 404 NAO_ENCONTRADO: the resource is missing or belongs to another account. */
export function naoEncontrado(what: string): FakeApiError {
  return new FakeApiError(404, 'NAO_ENCONTRADO', `${what} não encontrado.`);
}

/** 400 PARAMETRO_INVALIDO naming the query parameter. */
export function parametroInvalido(campo: string, mensagem: string): FakeApiError {
  return new FakeApiError(400, 'PARAMETRO_INVALIDO', `Parâmetro inválido: ${campo}.`, [{ campo, mensagem }]);
}

/** 400 VALIDACAO with one `detalhes` item per problem. */
export function validacao(detalhes: readonly Detalhe[]): FakeApiError {
  const campos = detalhes.map((d) => d.campo).filter((c): c is string => c !== undefined);
  return new FakeApiError(400, 'VALIDACAO', `Campos inválidos${campos.length > 0 ? `: ${campos.join(', ')}` : ''}.`, detalhes);
}

/** 409 CONFLITO: the request conflicts with the current state of the resource. */
export function conflito(mensagem: string): FakeApiError {
  return new FakeApiError(409, 'CONFLITO', mensagem);
}
