import { randomInt } from 'node:crypto';
import { InvalidInputError, type InputIssue } from '../../index.js';
import { PRODUCT_EVENTS } from '../products/product-trigger.js';
import { clientFrom, type ConnectionFlags } from '../connection.js';
import { parseInteger, parseShare } from '../duration.js';
import { printResult, type CliIo } from '../output.js';
import { TRIGGERABLE_EVENTS, triggerAny } from '../trigger.js';
import { CliFailure, EXIT } from '../exit-codes.js';
import { storedControlSecret } from '../sandbox/control-secret.js';

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
  count?: string | undefined;
  itens?: string | undefined;
  shuffle?: boolean | undefined;
  dup?: string | undefined;
  seed?: string | undefined;
  titulo?: string | undefined;
  precoAtacado?: string | undefined;
  precoSugerido?: string | undefined;
  dados?: string | undefined;
  json?: boolean | undefined;
}

/** Causes one event in the sandbox the token and base URL point at; prints what it did. */
export async function triggerCommand(evento: string, flags: TriggerFlags, io: CliIo): Promise<void> {
  if (!(TRIGGERABLE_EVENTS as readonly string[]).includes(evento)) {
    throw new CliFailure(`cannot trigger "${evento}"; one of: ${TRIGGERABLE_EVENTS.join(', ')}`, EXIT.usage);
  }
  // Flags are read all before one refusal, so a command line with three mistakes shows the three.
  const issues: InputIssue[] = [];
  const read = <T>(flag: string, text: string | undefined, parse: (text: string, flag: string) => T): T | undefined => {
    if (text === undefined) return undefined;
    try {
      return parse(text, flag);
    } catch (err) {
      if (!(err instanceof CliFailure)) throw err;
      issues.push({ path: flag, message: err.message.startsWith(`${flag} `) ? err.message.slice(flag.length + 1) : err.message });
      return undefined;
    }
  };
  const estoque = read('--estoque', flags.estoque, (t, f) => parseInteger(t, f, 0, 1_000_000));
  const count = read('--count', flags.count, (t, f) => parseInteger(t, f, 1, 10_000));
  const itens = read('--itens', flags.itens, (t, f) => parseInteger(t, f, 1, 1_000));
  const dup = read('--dup', flags.dup, parseShare);
  const dados = read('--dados', flags.dados, parseDados);
  if (issues.length > 0) throw new InvalidInputError(issues);
  const result = await triggerAny(clientFrom(flags), evento, {
    pedidoId: flags.pedido,
    status: flags.status,
    etiquetaId: flags.etiqueta,
    valor: flags.valor,
    descricao: flags.descricao,
    sku: flags.sku,
    numeracao: flags.numeracao,
    estoque,
    codigo: flags.codigo,
    count,
    itens,
    shuffle: flags.shuffle,
    dup,
    // Without --seed, separate runs change different products; the seed is printed to repeat one.
    seed: flags.seed ?? ((PRODUCT_EVENTS as readonly string[]).includes(evento) ? String(randomInt(1, 1_000_000)) : undefined),
    titulo: flags.titulo,
    precoAtacado: flags.precoAtacado,
    precoSugerido: flags.precoSugerido,
    dados,
    controlSecret: evento.startsWith('produto.') ? storedControlSecret() : undefined,
  });
  if (flags.json === true) return printResult(io, result, true);
  for (const step of result.steps) io.out(`• ${step}`);
  io.out(result.noticeSent ? `${result.evento} triggered` : `${result.evento} not triggered: no notice was sent`);
}

function parseDados(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new CliFailure(`--dados is not JSON (${err instanceof Error ? err.message : String(err)})`, EXIT.usage);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new CliFailure('--dados must be a JSON object of Product fields', EXIT.usage);
  return value as Record<string, unknown>;
}
