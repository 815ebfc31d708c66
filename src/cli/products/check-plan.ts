import * as z from 'zod/mini';
import { InvalidInputError, produtoSchema, type InputIssue } from '../../index.js';
import { PRODUCT_EVENTS, type ProductEvent, type ProductOverrides, type ProductTriggerPlan } from './product-trigger.js';

/** The flag each override comes from, so an error names what the user typed. */
const FLAG: Record<string, string> = {
  sku: '--sku',
  titulo: '--titulo',
  precoAtacado: '--preco-atacado',
  precoSugerido: '--preco-sugerido',
  numeracao: '--numeracao',
  estoque: '--estoque',
};

/** Fields `--dados` may set, per kind; other kinds take no `--dados`. */
function dadosFields(evento: ProductEvent): readonly string[] | 'product' | undefined {
  // A switch on the typed kind, not a table keyed by kinds: the kinds are listed once, in the webhooks entry.
  switch (evento) {
    case 'produto.criado':
      return 'product';
    case 'produto.categorias_alteradas':
      return ['categorias', 'estilos', 'tags'];
    default:
      return undefined;
  }
}

const LIMITS = { count: 10_000, itens: 1_000 };

/** What is wrong with a plan, each named by the flag the user typed. */
type Issues = InputIssue[];

/**
 * Checks a plan against the SDK's Product schema (the fields a notice will carry) and the fake's rules
 * (money with two decimals, not negative; stock a whole number), before anything is sent.
 * @throws {InvalidInputError} naming every flag that is wrong (`issues[].path` is the flag), so the
 * command line exits 2 with all of them at once.
 */
export function checkProductPlan(plan: ProductTriggerPlan): ProductTriggerPlan {
  const issues: Issues = [];
  const bad = (path: string, message: string): void => void issues.push({ path, message });
  const known = (PRODUCT_EVENTS as readonly string[]).includes(plan.evento);
  if (!known) bad('evento', `cannot trigger "${String(plan.evento)}" on the local catalog; one of: ${PRODUCT_EVENTS.join(', ')}`);
  const count = plan.count ?? 1;
  if (!(Number.isInteger(count) && count >= 1 && count <= LIMITS.count)) bad('--count', `must be an integer from 1 to ${LIMITS.count} (got ${String(count)})`);
  const itens = plan.itens ?? 10;
  if (!(Number.isInteger(itens) && itens >= 1 && itens <= LIMITS.itens)) bad('--itens', `must be an integer from 1 to ${LIMITS.itens} (got ${String(itens)})`);
  const dup = plan.dup ?? 0;
  if (!(typeof dup === 'number' && dup >= 0 && dup <= 1)) bad('--dup', `must be a share from 0% to 100% (got ${String(dup)})`);
  if (known) checkOverrides(plan.evento, plan.overrides ?? {}, count, issues);
  if (issues.length > 0) throw new InvalidInputError(issues);
  return { ...plan, count, itens, dup };
}

function checkOverrides(evento: ProductEvent, o: ProductOverrides, count: number, issues: Issues): void {
  const bad = (path: string, message: string): void => void issues.push({ path, message });
  const shape = produtoSchema().shape;
  const fields: Array<[keyof typeof FLAG, z.ZodMiniType, unknown]> = [
    ['sku', shape.sku, o.sku],
    ['titulo', z.string(), o.titulo],
    ['precoAtacado', shape.precoAtacado, o.precoAtacado],
    ['precoSugerido', produtoSchema().shape.precoAtacado, o.precoSugerido],
    ['numeracao', z.string(), o.numeracao],
    ['estoque', z.int().check(z.nonnegative()), o.estoque],
  ];
  for (const [field, schema, value] of fields) {
    if (value === undefined) continue;
    const flag = FLAG[field] as string;
    const result = z.safeParse(schema, value);
    if (!result.success) bad(flag, `${field}: ${result.error.issues[0]?.message ?? 'invalid'} (got ${JSON.stringify(value)})`);
    else if (typeof value === 'string' && value.trim() === '') bad(flag, `${field} must not be empty`);
    else if ((field === 'precoAtacado' || field === 'precoSugerido') && (value as string).startsWith('-')) bad(flag, `${field} must not be negative (got ${JSON.stringify(value)})`);
  }
  if (o.estoque !== undefined && o.numeracao === undefined && o.sku !== undefined) bad('--estoque', 'with --sku needs --numeracao (the size to set)');
  if (o.sku !== undefined && count > 1 && (evento === 'produto.criado' || evento === 'produto.desativado' || evento === 'produto.reativado')) {
    bad('--sku', `--sku with --count ${count}: ${evento} happens once per product; leave --sku out to change ${count} products`);
  }
  if (o.dados !== undefined) checkDados(evento, o.dados, issues);
}

function checkDados(evento: ProductEvent, dados: Record<string, unknown>, issues: Issues): void {
  const bad = (path: string, message: string): void => void issues.push({ path, message });
  const allowed = dadosFields(evento);
  if (allowed === undefined) return bad('--dados', `--dados is not taken by ${evento}; use the field flags (--titulo, --preco-atacado, ...)`);
  if (typeof dados !== 'object' || dados === null || Array.isArray(dados)) return bad('--dados', 'must be a JSON object of Product fields');
  const shape = produtoSchema().shape as Record<string, z.ZodMiniType>;
  for (const [field, value] of Object.entries(dados)) {
    if (allowed !== 'product' && !allowed.includes(field)) {
      bad(`--dados.${field}`, `is not taken by ${evento} (only ${allowed.join(', ')})`);
      continue;
    }
    if (field === 'atualizadoEm') {
      bad('--dados.atualizadoEm', "is set by the fake's clock, not by trigger");
      continue;
    }
    const schema = shape[field];
    if (schema === undefined) continue; // unknown fields are kept, as the API may add fields
    const result = z.safeParse(schema, value);
    if (!result.success) {
      const issue = result.error.issues[0];
      const where = issue && issue.path.length > 0 ? `.${issue.path.join('.')}` : '';
      bad(`--dados.${field}${where}`, `${issue?.message ?? 'invalid'} (got ${JSON.stringify(value)})`);
    }
  }
}
