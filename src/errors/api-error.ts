import type { JsonValue } from '../internal/json.js';
import type { CodigoErroConhecido } from './codes.js';
import { PartnerCommerceError } from './partner-commerce-error.js';

/** One item the server could not sell, in an `ITENS_INDISPONIVEIS` error. */
export interface ItemIndisponivel {
  /** Position of the item in the `itens` array of the body you sent. */
  indice: number;
  /** Why it cannot be sold now. */
  motivo: string;
  /** Quantity available now, when the server says. */
  disponivel?: number | undefined;
  [campo: string]: unknown;
}

/** The existing order carried by `REFERENCIA_EXTERNA_DUPLICADA`: fetch it instead of creating again. */
export interface PedidoExistente {
  id: string;
  numero?: number | undefined;
  [campo: string]: unknown;
}

/** One problem listed in `detalhes` (validation errors give one per field). */
export interface DetalheErro {
  /** The field concerned, when there is one. */
  campo?: string | undefined;
  [campo: string]: unknown;
}

/** Fields every API error has, whatever its code. */
export interface ApiErrorFields extends PartnerCommerceError {
  /** HTTP status of the answer. */
  readonly status: number;
  /** Human text from the server; may change, never compare it. */
  readonly mensagem: string;
  /** Problems listed by the server (one per field in validation errors). */
  readonly detalhes: readonly DetalheErro[];
  /** X-Request-Id of the answer (quote it to support). */
  readonly requestId: string | undefined;
  /** Link to this code's documentation. */
  readonly doc: string | undefined;
  /** Response headers (never the request's, so never the token). */
  readonly headers: Readonly<Record<string, string>>;
  /** How long the server asked to wait before trying again (Retry-After), in ms. */
  readonly retryAfterMs: number | undefined;
  /** The whole `erro` object as sent, unknown fields included. */
  readonly body: Readonly<Record<string, JsonValue>> | undefined;
}

/** @internal Runtime class behind the {@link ApiError} union; its fields are documented on {@link ApiErrorFields}. */
export class ApiErrorBase extends PartnerCommerceError implements ApiErrorFields {
  override name = 'ApiError';
  static override readonly kind: string = 'ApiError';
  /** Stable error code; decide by it. */
  readonly codigo: string;
  readonly status: number;
  readonly mensagem: string;
  readonly detalhes: readonly DetalheErro[];
  readonly requestId: string | undefined;
  readonly doc: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly retryAfterMs: number | undefined;
  readonly body: Readonly<Record<string, JsonValue>> | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, { idempotencyKey: init.idempotencyKey });
    this.codigo = init.codigo;
    this.status = init.status;
    this.mensagem = init.mensagem;
    this.detalhes = init.detalhes;
    this.requestId = init.requestId;
    this.doc = init.doc;
    this.headers = init.headers;
    this.retryAfterMs = init.retryAfterMs;
    this.body = init.body;
    // The code's own fields (ExtrasPorCodigo), present only on the codes that carry them.
    for (const [k, v] of Object.entries(init.extras)) Object.defineProperty(this, k, { value: v, enumerable: true, writable: false });
  }
}
// The class is the runtime half of the `ApiError` union: `e.constructor.name` says ApiError too, as `e.name` does.
Object.defineProperty(ApiErrorBase, 'name', { value: 'ApiError' });

/** @internal What the one factory hands to the class: the fields, the message and the code's own fields (`extras`). */
export type ApiErrorInit = Omit<ApiErrorFields, keyof PartnerCommerceError> & { message: string; codigo: string; idempotencyKey: string | undefined; extras: Record<string, unknown> };

/** Extra fields per code; codes not listed here carry none. */
export interface ExtrasPorCodigo {
  ESCOPO_INSUFICIENTE: { /** The permission the integration lacks, e.g. `pedidos:ler`. */ readonly escopoNecessario: string };
  ITENS_INDISPONIVEIS: { /** Items that cannot be sold; `indice` points into the body you sent. */ readonly itens: readonly ItemIndisponivel[] };
  REFERENCIA_EXTERNA_DUPLICADA: { /** The order that already has this referenciaExterna: fetch it, do not retry. */ readonly pedido: PedidoExistente };
}

/** Names of the code-specific fields (`escopoNecessario`, `itens`, `pedido`). */
export type CampoExtraErro = { [C in keyof ExtrasPorCodigo]: keyof ExtrasPorCodigo[C] }[keyof ExtrasPorCodigo];

/** An API error with a documented code `C` and that code's extra fields. */
export type ApiErrorOf<C extends CodigoErroConhecido> = ApiErrorFields & { readonly codigo: C } & (C extends keyof ExtrasPorCodigo ? ExtrasPorCodigo[C] : unknown);

/**
 * An API error with a code this version of the SDK does not know. Its extra fields are typed
 * `never` only so that `switch (e.codigo)` narrows the known codes exactly; read `body` for them.
 */
export type ApiErrorOfUnknownCode = ApiErrorFields & { readonly codigo: string } & { readonly [K in CampoExtraErro]: never };

/**
 * The server answered with an error. `switch (e.codigo)` narrows to that code's extra fields:
 * `itens` for ITENS_INDISPONIVEIS, `pedido` for REFERENCIA_EXTERNA_DUPLICADA, `escopoNecessario`
 * for ESCOPO_INSUFICIENTE. Codes unknown to this SDK version keep their string and are still
 * ApiError: decide those by `status`.
 */
export type ApiError = { [C in CodigoErroConhecido]: ApiErrorOf<C> }[CodigoErroConhecido] | ApiErrorOfUnknownCode;

/** Class of {@link ApiError}: use it with `instanceof`. Errors are built by the SDK, not by callers. */
export const ApiError: {
  /** @internal Errors are built by the SDK from the server's answer. */
  new (init: ApiErrorInit): ApiError;
  readonly prototype: ApiError;
  readonly kind: string;
} = ApiErrorBase as never;

/** @internal True when `e` is an {@link ApiError} from any copy of the SDK (`instanceof ApiError` says the same). */
export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiErrorBase;
}
