export { PartnerCommerceError } from './partner-commerce-error.js';
export {
  ApiError,
  type ApiErrorOf,
  type CampoExtraErro,
  type ExtrasPorCodigo,
  type ApiErrorOfUnknownCode,
  type ApiErrorFields,
  type DetalheErro,
  type ItemIndisponivel,
  type PedidoExistente,
} from './api-error.js';
export { AbortError } from './abort-error.js';
export { ConnectionError } from './connection-error.js';
export { TimeoutError } from './timeout-error.js';
export { InvalidInputError, type InputIssue } from './invalid-input-error.js';
export { UnexpectedResponseError } from './unexpected-response-error.js';
export { CODIGOS_ERRO, type CodigoErro, type CodigoErroConhecido } from './codes.js';
