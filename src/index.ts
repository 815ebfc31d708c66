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
// The records' types and the wire's value lists; their zod schemas stay inside (docs/decisions/0001-zod-schemas-not-public.md).
export {
  STATUS_ETIQUETA,
  STATUS_PEDIDO,
  TIPOS_MUDANCA,
  type Anexo,
  type Categoria,
  type Changelog,
  type Cliente,
  type ClienteResumo,
  type ConexaoEtiquetas,
  type Conta,
  type CotacaoEtiqueta,
  type Despesa,
  type EnviarPara,
  type Etiqueta,
  type Eu,
  type ItemPedido,
  type Lancamento,
  type LojaHub,
  type LojaHubAparencia,
  type LojaHubBanner,
  type LojaHubEstatisticas,
  type LojaHubLogo,
  type LojaHubProduto,
  type Mudanca,
  type Numeracao,
  type NumeracaoEstoque,
  type OpenEnum,
  type OrigemPedido,
  type Pedido,
  type PedidoRef,
  type PedidoResumo,
  type PedidoValidacao,
  type Produto,
  type ProdutoEstoque,
  type ProdutoResumo,
  type Rastreio,
  type Referencia,
  type Saldo,
  type StatusEtiqueta,
  type StatusPedido,
  type TipoAnexo,
  type TipoLancamento,
} from './models/index.js';
export type { Page, PagePromise, ListarParams } from './pagination/index.js';
export type { Produtos, ProdutoListarParams } from './resources/produtos.js';
export type { Categorias, Numeracoes, CategoriaListarParams, NumeracaoListarParams } from './resources/catalogo.js';
export type { Clientes, ClienteAtualizarParams, ClienteCriarParams, ClienteListarParams } from './resources/clientes.js';
export type { ContaResource } from './resources/conta.js';
export type { Etiquetas, EtiquetaCotarParams, EtiquetaEmitirParams, EtiquetaListarParams } from './resources/etiquetas.js';
export type { Financeiro, ExtratoListarParams } from './resources/financeiro.js';
export type { LojaHubResource, ImagemEnviarParams, LojaHubAtualizarParams, LojaHubEstatisticasParams } from './resources/loja-hub.js';
export type { LojaHubBanners, BannerAdicionarParams, LojaHubBannerListarParams } from './resources/loja-hub/banners.js';
export type { LojaHubProdutos, LojaHubProdutoListarParams, LojaHubTextoParams } from './resources/loja-hub/produtos.js';
export type { Pedidos, PedidoCriarParams, PedidoItemParams, PedidoListarParams, PedidoValidarParams } from './resources/pedidos.js';
export type { PedidoComprovantes, ComprovanteEnviarParams } from './resources/pedidos/comprovantes.js';
export type { PedidoDespesas, DespesaAdicionarParams } from './resources/pedidos/despesas.js';
export type { PedidoRastreios, RastreioAdicionarParams } from './resources/pedidos/rastreios.js';
export { STATUS_ETIQUETA_SIMULAVEL } from './resources/sandbox.js';
export type {
  Sandbox,
  SandboxConta,
  SandboxEtiquetas,
  SandboxFinanceiro,
  SandboxPedidos,
  SandboxProdutos,
  EstoqueDefinirParams,
  LancamentoCriarParams,
  StatusEtiquetaSimulavel,
} from './resources/sandbox.js';
export type { ArquivoInput } from './resources/uploads/read-file.js';
export { fetchChangelog, type ChangelogAction, type ChangelogReport, type FetchChangelogOptions } from './changelog/index.js';
export type { ApiPromise } from './transport/api-promise.js';
export type { HttpMethod } from './transport/transport.js';
export type { Logger, LogLevel } from './transport/logger.js';
export type { ClientOptions, Environment, RateLimitOption } from './transport/client-options.js';
export type { SharedBudgetOptions } from './transport/rate-limit/limiter-options.js';
export type { ResponseValidation } from './transport/response-validation.js';
export type { QueryValue } from './transport/query.js';
export {
  RateLimiter,
  type AcquireOptions,
  type RateBudgetSource,
  type RateBudgetState,
  type RateLimiterOptions,
  type RateLimitRedis,
  type RateLimiterState,
  type RateLimitPermit,
  type RateLimitWait,
  type RatePriority,
  type RateWaitReason,
} from './transport/rate-limit/index.js';
export type { RequestOptions } from './transport/request-options.js';
export type {
  AfterErrorContext,
  AfterResponseContext,
  BeforeAttemptContext,
  CallHooks,
  HookContext,
  HooksOption,
  OperationInfo,
  RateLimitWaitContext,
  RetryHookContext,
  RetryReason,
} from './transport/hooks/hook-types.js';
export type { MeterProviderLike, MetricsTelemetryOption, MetricsTelemetryOptions, TelemetryOption, TelemetryOptions, TracerProviderLike } from './telemetry/options.js';
export type { ResponseMeta, WithMeta } from './transport/response-meta.js';
export { VERSION } from './version.js';
