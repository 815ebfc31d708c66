import * as z from 'zod/mini';

/**
 * A string field with documented values that may gain more without a version change: typed as the
 * known values (for autocompletion and `switch`) plus any other string, and accepted whatever it is.
 */
export type OpenEnum<T extends string> = T | (string & {});

/** A zod schema for an {@link OpenEnum}: any string passes, the type names the known values. */
export function openEnum<const T extends readonly string[]>(_known: T): z.ZodMiniType<OpenEnum<T[number]>, string> {
  return z.string();
}

/** The seven order states of the spec. */
export const STATUS_PEDIDO = ['AGUARDANDO_PAGAMENTO', 'PAGO', 'EM_SEPARACAO', 'ENVIADO', 'ENTREGUE', 'CANCELADO', 'ESTORNADO'] as const;
/** An order state (the seven of the spec; others are accepted). */
export type StatusPedido = OpenEnum<(typeof STATUS_PEDIDO)[number]>;

/** Label states named by the spec; the cancelled state's name is not shown, so any string is accepted. */
export const STATUS_ETIQUETA = ['GERADA', 'IMPRESSA', 'DESPACHADA'] as const;
/** A label state: GERADA, IMPRESSA, DESPACHADA, or another (the cancelled state, unnamed in the spec). */
export type StatusEtiqueta = OpenEnum<(typeof STATUS_ETIQUETA)[number]>;

/** The label states the label simulator accepts. */
export const STATUS_ETIQUETA_SIMULAVEL = ['IMPRESSA', 'DESPACHADA'] as const;
/** A label state the simulator can set: IMPRESSA or DESPACHADA (cancelling is `etiquetas.cancelar`). */
export type StatusEtiquetaSimulavel = (typeof STATUS_ETIQUETA_SIMULAVEL)[number];

/** Where an order was made; `API` is documented, the panel's value is not shown. */
export type OrigemPedido = OpenEnum<'API'>;
/** Delivery target of an order; `CLIENTE` is documented, others are not shown. */
export type EnviarPara = OpenEnum<'CLIENTE'>;
/** Kind of an attachment; `COMPROVANTE` (payment proof) is documented, others are not shown. */
export type TipoAnexo = OpenEnum<'COMPROVANTE'>;
/** Kind of a ledger entry; `CREDITO` is documented, the debit value is not shown. */
export type TipoLancamento = OpenEnum<'CREDITO'>;
