import * as z from 'zod/mini';
import { InvalidInputError, type InputIssue } from '../../index.js';
import { parseWebhook, WebhookParseError } from '../../webhooks/index.js';
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
  // The fields a notice's product carries are checked by the public parser, the one a receiver runs;
  // a suggested price is checked where a price may not be null (precoAtacado).
  const fields: Array<[keyof typeof FLAG, z.ZodMiniType | 'product', string, unknown]> = [
    ['sku', 'product', 'sku', o.sku],
    ['titulo', z.string(), 'titulo', o.titulo],
    ['precoAtacado', 'product', 'precoAtacado', o.precoAtacado],
    ['precoSugerido', 'product', 'precoAtacado', o.precoSugerido],
    ['numeracao', z.string(), 'numeracao', o.numeracao],
    ['estoque', z.int().check(z.nonnegative()), 'estoque', o.estoque],
  ];
  for (const [field, schema, as, value] of fields) {
    if (value === undefined) continue;
    const flag = FLAG[field] as string;
    const problem = schema === 'product' ? productIssues({ [as]: value }).get(as)?.message : z.safeParse(schema, value).error?.issues[0]?.message;
    if (problem !== undefined) bad(flag, `${field}: ${problem} (got ${JSON.stringify(value)})`);
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
  const checked: Record<string, unknown> = Object.create(null) as Record<string, unknown>; // a `__proto__` key stays a key
  for (const [field, value] of Object.entries(dados)) {
    if (allowed !== 'product' && !allowed.includes(field)) {
      bad(`--dados.${field}`, `is not taken by ${evento} (only ${allowed.join(', ')})`);
      continue;
    }
    if (field === 'atualizadoEm') {
      bad('--dados.atualizadoEm', "is set by the fake's clock, not by trigger");
      continue;
    }
    checked[field] = value;
  }
  // Unknown fields are kept, as the API may add fields; each known one gets its first problem.
  for (const [field, issue] of productIssues(checked)) {
    bad(`--dados.${field}${issue.rest}`, `${issue.message} (got ${JSON.stringify(checked[field])})`);
  }
}

/** A product every field of which fits, so that only the fields under test can be refused. */
const PROBE_PRODUCT = { sku: 'SKU-CHECK', precoAtacado: '1.00', numeracoes: [], ativo: true, atualizadoEm: '2026-01-01T00:00:00-03:00' };

/**
 * The first problem of each of `fields` in a Product, as `parseWebhook` finds it in a `produto.criado`
 * notice: keyed by field, with the rest of the path inside it (`.0.skuVariacao`).
 */
function productIssues(fields: Record<string, unknown>): Map<string, { rest: string; message: string }> {
  const notice = {
    id: 'evt_cli_check',
    evento: 'produto.criado',
    criadoEm: PROBE_PRODUCT.atualizadoEm,
    ambiente: 'producao',
    integracao: { id: 'cli' },
    dados: { produto: { ...PROBE_PRODUCT, ...fields } },
  };
  const found = new Map<string, { rest: string; message: string }>();
  try {
    parseWebhook(notice);
  } catch (err) {
    if (!(err instanceof WebhookParseError)) throw err;
    for (const issue of err.issues) {
      const [field, ...rest] = issue.path.replace(/^dados\.produto\.?/, '').split('.');
      if (field !== undefined && field !== '' && !found.has(field)) found.set(field, { rest: rest.map((p) => `.${p}`).join(''), message: issue.message });
    }
  }
  return found;
}
