import { clientFrom, type ConnectionFlags } from '../connection.js';
import { parseInteger } from '../duration.js';
import { printResult, type CliIo } from '../output.js';
import { trigger, TRIGGERABLE_EVENTS } from '../trigger.js';
import { CliFailure, EXIT } from '../exit-codes.js';

/** Flags of `partner-commerce trigger`. */
export interface TriggerFlags extends ConnectionFlags {
  pedido?: string | undefined;
  status?: string | undefined;
  etiqueta?: string | undefined;
  valor?: string | undefined;
  descricao?: string | undefined;
  sku?: string | undefined;
  numeracao?: string | undefined;
  estoque?: string | undefined;
  codigo?: string | undefined;
  json?: boolean | undefined;
}

/** Causes one event in the sandbox the token and base URL point at; prints what it did. */
export async function triggerCommand(evento: string, flags: TriggerFlags, io: CliIo): Promise<void> {
  if (!(TRIGGERABLE_EVENTS as readonly string[]).includes(evento)) {
    throw new CliFailure(`cannot trigger "${evento}"; one of: ${TRIGGERABLE_EVENTS.join(', ')}`, EXIT.usage);
  }
  const result = await trigger(clientFrom(flags), evento, {
    pedidoId: flags.pedido,
    status: flags.status,
    etiquetaId: flags.etiqueta,
    valor: flags.valor,
    descricao: flags.descricao,
    sku: flags.sku,
    numeracao: flags.numeracao,
    estoque: flags.estoque === undefined ? undefined : parseInteger(flags.estoque, '--estoque', 0, 1_000_000),
    codigo: flags.codigo,
  });
  if (flags.json === true) return printResult(io, result, true);
  for (const step of result.steps) io.out(`• ${step}`);
  io.out(`${result.evento} triggered`);
}
