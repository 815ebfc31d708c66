import { ApiError, type CampoExtraErro } from '../errors/api-error.js';
import { InvalidInputError, type InputIssue } from '../errors/invalid-input-error.js';
import { PartnerCommerceError } from '../errors/partner-commerce-error.js';

/** @internal The structured content of a failed tool call: what went wrong and what the caller can do. */
export interface ToolErrorBody {
  [key: string]: unknown;
  /** The API's `codigo`, `INVALID_INPUT`, or the SDK error's code (`CONNECTION_ERROR`…). */
  codigo: string;
  mensagem: string;
  /** One sentence: what to change before calling again, or why calling again will not help. */
  fix: string;
  requestId?: string | undefined;
  issues?: readonly InputIssue[] | undefined;
  /** The Idempotency-Key the failed call sent: replay with it, never with a new one. */
  idempotencyKey?: string | undefined;
}

const REPAIR = 'Correct the fields named in issues and call again; nothing was sent.';

// What the caller can change, by codigo. Those about the token or the account are the host's to fix,
// not the model's: the model is told so rather than left to retry.
const FIX: Readonly<Record<string, string>> = {
  TOKEN_INVALIDO: "The server's access token is not valid: its operator must configure a valid one; retrying will not help.",
  TOKEN_EXPIRADO: "The server's access token expired: its operator must configure a new one; retrying will not help.",
  TOKEN_DE_OUTRO_AMBIENTE: "The token belongs to another environment than the base URL: the server's operator must fix its configuration.",
  CONTA_DESATIVADA: 'The partner account is disabled: contact the supplier; retrying will not help.',
  TERMS_PENDING: "The account has terms to accept in the supplier's panel before this call works.",
  TERMOS_API_PENDENTES: "The API terms must be accepted in the supplier's panel before this call works.",
  INTEGRACAO_SUSPENSA: 'The integration is suspended: contact the supplier; retrying will not help.',
  API_NAO_LIBERADA: 'The API is not released to this partner: the supplier must release it; retrying will not help.',
  LOJA_HUB_NAO_LIBERADA: 'The storefront is not released to this partner: the supplier must release it; retrying will not help.',
  ACESSO_NEGADO: 'This operation is not allowed for this partner: ask the supplier; retrying will not help.',
  HUB_NOT_READY: 'The storefront cannot be published yet: it needs its WhatsApp, its address and an available product (see publicacao in lojaHub_obter).',
  NAO_ENCONTRADO: 'Nothing has that id or sku: check it, or list the records to find the right one.',
  ROTA_NAO_ENCONTRADA: "The server does not know this operation's path (an inferred one may differ): report it to the SDK's maintainers.",
  VALIDACAO: 'The server refused the values named in detalhes: correct them and call again.',
  PARAMETRO_INVALIDO: 'A parameter was refused (see detalhes): correct it and call again.',
  REQUISICAO_INVALIDA: 'The request was refused as malformed (see detalhes): correct the input and call again.',
  CURSOR_INVALIDO: 'The cursor is not valid for this list (stale, or other filters): call again without cursor.',
  CONFLITO: "The call conflicts with the record's current state: read the record again before deciding; the same call will fail again.",
  NAO_PROCESSAVEL: 'The call was understood but could not be done (see mensagem and detalhes): change it; the same call will fail again.',
  LIMITE_EXCEDIDO: "The partner's rate budget is spent: wait retryAfterMs (the server's Retry-After) before calling again.",
  ITENS_INDISPONIVEIS: 'Some items cannot be sold now (see itens: indice is the position in body.itens, with motivo and disponivel): remove or change them; nothing was created.',
  REFERENCIA_EXTERNA_DUPLICADA: 'An order with this referenciaExterna already exists (see pedido): fetch it with pedidos_obter, do not create it again.',
  MIN_ITEMS_NOT_MET: 'The order has fewer pairs than the minimum mensagem states: add items, or send it to the customer (enviarPara CLIENTE has no minimum).',
  PROFILE_INCOMPLETE: "The partner's profile record is incomplete (fichaCompleta in conta_obter): complete it in the supplier's panel first.",
  LABEL_PROVIDER_NOT_CONNECTED: "No label-provider account is connected in this environment (see etiquetas_conexao): connect one in the supplier's panel first.",
  SALE_VALUE_REQUIRED: 'Set the sale value of each item (pedidos_definir_valor_venda) first.',
  IDEMPOTENCY_KEY_OBRIGATORIA: "The server wanted an Idempotency-Key and got none (the tool always sends one): report it to the server's operator.",
  IDEMPOTENCY_KEY_INVALIDA: 'The idempotencyKey must be 1 to 255 visible characters without spaces: send a valid one, or none for a fresh one.',
  IDEMPOTENCY_KEY_REUTILIZADA: 'This idempotencyKey was used with another body: send a new key for a new request.',
  REQUISICAO_EM_ANDAMENTO: 'The same request is still running: call again later with the same idempotencyKey.',
  SERVICO_INDISPONIVEL: 'The API is unavailable for now (the SDK already retried): try again in a few minutes.',
  ERRO_INTERNO: 'The API failed (the SDK already retried where safe): try again later, quoting the requestId.',
};

/**
 * @internal What to do about an API error `codigo`, for `describe`; undefined for a code the SDK has no
 * advice on. The permission one is worded without the permission, which only the error names.
 */
export function fixFor(codigo: string): string | undefined {
  if (codigo === 'ESCOPO_INSUFICIENTE') return "The token lacks the permission the error names in escopoNecessario: grant it in the supplier's panel; retrying will not help.";
  if (codigo === 'INVALID_INPUT') return REPAIR;
  return FIX[codigo];
}

// The per-code fields an ApiError may carry (ExtrasPorCodigo): `satisfies` fails the build when one is added there and not here.
const EXTRA_FIELDS = { escopoNecessario: true, itens: true, pedido: true } as const satisfies Record<CampoExtraErro, true>;

const SDK_CODES: Readonly<Record<string, { codigo: string; fix: string }>> = {
  ConnectionError: { codigo: 'CONNECTION_ERROR', fix: 'The API could not be reached (the SDK already retried where safe): try again later.' },
  TimeoutError: { codigo: 'TIMEOUT', fix: 'The API did not answer in time: try again; for a write, replay with the same idempotencyKey.' },
  AbortError: { codigo: 'ABORTED', fix: 'The call was cancelled before it finished; call again if it is still needed.' },
  UnexpectedResponseError: { codigo: 'UNEXPECTED_RESPONSE', fix: 'The API answered in a shape the SDK does not expect: report it with the requestId.' },
};

/**
 * @internal The tool error of a failure: an API error's `codigo` and `mensagem` with what to fix; an
 * SDK refusal as `INVALID_INPUT` with the very issues the SDK gives; other SDK errors by their kind.
 * Messages are the errors' own, which the SDK has already stripped of tokens.
 */
export function errorBody(err: unknown): ToolErrorBody {
  const key = err instanceof PartnerCommerceError && err.idempotencyKey !== undefined ? { idempotencyKey: err.idempotencyKey } : {};
  if (err instanceof InvalidInputError) return { codigo: 'INVALID_INPUT', mensagem: err.message, fix: REPAIR, issues: err.issues, ...key };
  if (err instanceof ApiError) {
    // Every per-code field the error carries (what fix points at: escopoNecessario, itens, pedido).
    const extras: Record<string, unknown> = Object.fromEntries(Object.entries(err).filter(([k]) => Object.hasOwn(EXTRA_FIELDS, k)));
    const escopo = extras['escopoNecessario'];
    const fix =
      err.codigo === 'ESCOPO_INSUFICIENTE'
        ? `The token lacks the permission ${typeof escopo === 'string' ? escopo : '(not named)'}: grant it to the integration in the supplier's panel; retrying will not help.`
        : (FIX[err.codigo] ??
          (err.status >= 500 ? 'The API failed: try again later, quoting the requestId.' : 'The API refused the call: read mensagem and detalhes, correct the input and call again.'));
    return {
      codigo: err.codigo,
      mensagem: err.mensagem,
      fix,
      requestId: err.requestId,
      ...(err.detalhes.length > 0 ? { detalhes: err.detalhes } : {}),
      ...(err.retryAfterMs !== undefined ? { retryAfterMs: err.retryAfterMs } : {}),
      ...extras,
      ...key,
    };
  }
  if (err instanceof PartnerCommerceError) {
    const known = SDK_CODES[err.name] ?? { codigo: 'SDK_ERROR', fix: 'The SDK refused or failed the call: read mensagem.' };
    const requestId = (err as { requestId?: unknown }).requestId;
    return { ...known, mensagem: err.message, ...(typeof requestId === 'string' ? { requestId } : {}), ...key };
  }
  // A bug of ours or of a hook: its text is not ours to vouch for, so only its kind is shown.
  return { codigo: 'INTERNAL_ERROR', mensagem: `the tool failed unexpectedly (${err instanceof Error ? err.name : typeof err})`, fix: "Report it to the server's operator." };
}
