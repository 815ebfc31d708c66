export { PartnerCommerce, type RawRequestOptions } from './client.js';
export { PartnerCommerceError } from './errors/partner-commerce-error.js';
export { ApiError, type ApiErrorOf, type ApiErrorOfUnknownCode, type DetalheErro, type ItemIndisponivel, type PedidoExistente } from './errors/api-error.js';
export { AbortError } from './errors/abort-error.js';
export { ConnectionError } from './errors/connection-error.js';
export { TimeoutError } from './errors/timeout-error.js';
export { InvalidInputError, type InputIssue } from './errors/invalid-input-error.js';
export { UnexpectedResponseError } from './errors/unexpected-response-error.js';
export { CODIGOS_ERRO, type CodigoErro, type CodigoErroConhecido } from './errors/codes.js';
export { Money, type MoneyInput } from './money/index.js';
// The wire's value lists stay flat: a namespace of types cannot hold a value. Their zod schemas stay
// inside (docs/decisions/0001-zod-schemas-not-public.md).
export { STATUS_ETIQUETA, STATUS_PEDIDO, TIPOS_MUDANCA } from './models/index.js';
export { STATUS_ETIQUETA_SIMULAVEL } from './resources/sandbox.js';
// One namespace per resource (its records, parameters and sub-resources: `Pedidos.Pedido`), and one
// per option family of the client (`Hooks`, `RateLimit`, `Telemetry`): README, "Types".
export type { Produtos } from './resources/produtos.js';
export type { Categorias } from './resources/catalogo.js';
export type { Numeracoes } from './resources/catalogo.js';
export type { Clientes } from './resources/clientes.js';
export type { Conta } from './types/conta.js';
export type { Pedidos } from './resources/pedidos.js';
export type { Etiquetas } from './resources/etiquetas.js';
export type { Financeiro } from './resources/financeiro.js';
export type { LojaHub } from './types/loja-hub.js';
export type { Sandbox } from './resources/sandbox.js';
export type { Changelog } from './types/changelog.js';
export type { Hooks } from './types/hooks.js';
export type { RateLimit } from './types/rate-limit.js';
export type { Telemetry } from './types/telemetry.js';
export type { Page, PagePromise, ListarParams } from './pagination/index.js';
export type { ArquivoInput } from './resources/uploads/read-file.js';
export { fetchChangelog } from './changelog/index.js';
export type { ApiPromise } from './transport/api-promise.js';
export type { HttpMethod } from './transport/transport.js';
export type { Logger, LogLevel } from './transport/logger.js';
export type { ClientOptions, Environment } from './transport/client-options.js';
export { RateLimiter } from './transport/rate-limit/index.js';
export type { ResponseValidation } from './transport/response-validation.js';
export type { QueryValue } from './transport/query.js';
export type { RequestOptions } from './transport/request-options.js';
export type { ResponseMeta, WithMeta } from './transport/response-meta.js';
export { VERSION } from './version.js';
