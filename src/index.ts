export { PartnerCommerce, type RawRequestOptions } from './client.js';
export * from './errors/index.js';
export { Money, type MoneyInput } from './money/index.js';
// The records' types and the wire's value lists; their zod schemas stay inside (README, "Why the zod schemas are not public").
export {
  openEnum,
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
  type ErroBody,
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
  type PageEnvelope,
  type Paginacao,
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
export { Page, PagePromise, type ListarParams } from './pagination/index.js';
export { Produtos, type ProdutoListarParams } from './resources/produtos.js';
export { Categorias, Numeracoes, type CategoriaListarParams, type NumeracaoListarParams } from './resources/catalogo.js';
export { Clientes, type ClienteAtualizarParams, type ClienteCriarParams, type ClienteListarParams } from './resources/clientes.js';
export { ContaResource } from './resources/conta.js';
export { Etiquetas, type EtiquetaCotarParams, type EtiquetaEmitirParams, type EtiquetaListarParams } from './resources/etiquetas.js';
export { Financeiro, type ExtratoListarParams } from './resources/financeiro.js';
export { LojaHubResource, type ImagemEnviarParams, type LojaHubAtualizarParams, type LojaHubEstatisticasParams } from './resources/loja-hub.js';
export { LojaHubBanners, type BannerAdicionarParams, type LojaHubBannerListarParams } from './resources/loja-hub/banners.js';
export { LojaHubProdutos, type LojaHubProdutoListarParams, type LojaHubTextoParams } from './resources/loja-hub/produtos.js';
export { Pedidos, type PedidoCriarParams, type PedidoListarParams, type PedidoValidarParams } from './resources/pedidos.js';
export { PedidoComprovantes, type ComprovanteEnviarParams } from './resources/pedidos/comprovantes.js';
export { PedidoDespesas, type DespesaAdicionarParams } from './resources/pedidos/despesas.js';
export { PedidoRastreios, type RastreioAdicionarParams } from './resources/pedidos/rastreios.js';
export {
  Sandbox,
  SandboxConta,
  SandboxEtiquetas,
  SandboxFinanceiro,
  SandboxPedidos,
  SandboxProdutos,
  STATUS_ETIQUETA_SIMULAVEL,
  type EstoqueDefinirParams,
  type LancamentoCriarParams,
  type StatusEtiquetaSimulavel,
} from './resources/sandbox.js';
export type { ArquivoInput } from './resources/uploads/read-file.js';
export { fetchChangelog, type AcaoNecessaria, type ChangelogAcoes, type FetchChangelogOptions } from './changelog/index.js';
export { ApiPromise } from './transport/api-promise.js';
export type { HttpMethod } from './transport/transport.js';
export type { Logger, LogLevel } from './transport/logger.js';
export type { ClientOptions, Environment, RateLimitOption } from './transport/client-options.js';
export type { ResponseValidation } from './transport/response-validation.js';
export type { QueryValue } from './transport/query.js';
export {
  MemoryBudgetStore,
  RateLimiter,
  RATE_PRIORITIES,
  type AcquireOptions,
  type MaybePromise,
  type MemoryBudgetStoreOptions,
  type RateBudgetSource,
  type RateBudgetState,
  type RateBudgetStore,
  type RateLimiterOptions,
  type RateLimitRedis,
  type RateLimiterSnapshot,
  type RateLimiterState,
  type RateLimitObservation,
  type RateLimitPermit,
  type RateLimitWait,
  type RatePriority,
  type RateSettlement,
  type RateTake,
  type RateTakeRequest,
  type RateTicket,
  type RateWaitReason,
} from './transport/rate-limit/index.js';
export type { JsonValue } from './internal/json.js';
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
