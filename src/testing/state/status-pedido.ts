// Written from the spec, "States and transitions" > "Order status" (the seven states) and
// "Sandbox simulators" > "Order status" (the body's status must be one of them, else 400 VALIDACAO).
// The kit's own list: it does not take the SDK's enum, so a state dropped or misspelt there makes the
// two sides disagree instead of agreeing on the mistake.

/** The seven order states, in the spec's order. */
export const STATUS_PEDIDO_SPEC = ['AGUARDANDO_PAGAMENTO', 'PAGO', 'EM_SEPARACAO', 'ENVIADO', 'ENTREGUE', 'CANCELADO', 'ESTORNADO'] as const;

/** One of the seven order states. */
export type StatusPedidoSpec = (typeof STATUS_PEDIDO_SPEC)[number];

const STATES: ReadonlySet<string> = new Set(STATUS_PEDIDO_SPEC);

/** True for one of the seven states (exact spelling, as sent). */
export const isStatusPedido = (value: unknown): value is StatusPedidoSpec => typeof value === 'string' && STATES.has(value);
