import { instantOf } from '../../dates/instant.js';
import { canonicalJson } from '../../internal/canonical-json.js';
import { aplicarProdutos } from '../apply/apply-product.js';
import type { ProdutoWire } from '../apply/canonical.js';
import { changedFields } from '../apply/diff.js';
import { unreadable } from '../apply/unreadable.js';
import { unstorable } from '../apply/unstorable.js';
import type { CatalogTx, StoredProduto } from '../store/types.js';

/** @internal What comparing one listed page with the store found and did. */
export interface PageAudit {
  checked: number;
  drifted: number;
  repaired: number;
  fields: Record<string, number>;
  recent: number;
  newer: number;
  quarantined: number;
}

/** @internal How to judge a page: what was written before its call left, and what the follow still brings. */
export interface PageContext {
  /** The change log's last position before the page's call left: a product written after it is left alone. */
  before: number;
  /** The follow's high-water mark minus its margin (epoch ms): a state stamped at or after it is the follow's to bring. */
  followFloorMs: number;
  /** The latest server time to trust (see `Contexto.tetoMs`). */
  tetoMs: number | undefined;
}

type Verdict = { kind: 'same' | 'recent' | 'newer' } | { kind: 'drift'; fields: string[] };

/**
 * @internal Compares a listed page with the stored products inside one transaction (rows locked in SQL
 * stores, so nothing lands between the comparison and the repair), field by field on the wire form, and
 * writes each drifted product back through the normal apply path with origin `audit`. Listed states the
 * store cannot hold or read are set aside there, as every run does.
 */
export async function auditPage(tx: CatalogTx, listed: readonly ProdutoWire[], ctx: PageContext): Promise<PageAudit> {
  const out: PageAudit = { checked: 0, drifted: 0, repaired: 0, fields: {}, recent: 0, newer: 0, quarantined: 0 };
  const fit = listed.filter((p) => unreadable(p) === undefined && unstorable(p) === undefined);
  const unfit = listed.filter((p) => !fit.includes(p));
  const stored = await tx.produtos([...new Set(fit.map((p) => p.sku))]);
  const repair: ProdutoWire[] = [];
  for (const produto of fit) {
    out.checked++;
    const verdict = judge(stored.get(produto.sku), produto, ctx);
    if (verdict.kind === 'same') continue;
    if (verdict.kind !== 'drift') {
      out[verdict.kind]++;
      continue;
    }
    out.drifted++;
    for (const f of verdict.fields) out.fields[f] = (out.fields[f] ?? 0) + 1;
    repair.push(produto);
  }
  if (repair.length === 0 && unfit.length === 0) return out;
  const applied = await aplicarProdutos(tx, [...repair, ...unfit], { origin: 'audit', tetoMs: ctx.tetoMs });
  out.repaired = applied.decisoes.filter((d) => d.aplicar).length;
  out.quarantined = applied.quarantined;
  return out;
}

function judge(stored: StoredProduto | undefined, listed: ProdutoWire, ctx: PageContext): Verdict {
  const listedMs = instantOf(listed.atualizadoEm)!.ms;
  // Not in the mirror: new since the mark is the follow's; older than it, the follow missed it.
  if (stored === undefined) return listedMs >= ctx.followFloorMs ? { kind: 'newer' } : { kind: 'drift', fields: ['(product)'] };
  // Written since the call left (a notice, a follow): the mirror may hold a later state than this answer.
  if (stored.position > ctx.before) return { kind: 'recent' };
  if (canonicalJson(stored.produto) === canonicalJson(listed)) return { kind: 'same' };
  const storedMs = stored.atualizadoMs;
  if (listedMs > storedMs && listedMs >= ctx.followFloorMs) return { kind: 'newer' };
  // A later stored state recent enough for a notice (the list may lag a moment behind it) is left alone.
  if (storedMs > listedMs && storedMs >= ctx.followFloorMs && (ctx.tetoMs === undefined || storedMs <= ctx.tetoMs)) return { kind: 'recent' };
  const fields = changedFields(stored.produto, listed);
  if (stored.produto.atualizadoEm !== listed.atualizadoEm) fields.push('atualizadoEm');
  // Equal but for key order or a field the canonical form drops: nothing to repair.
  return fields.length === 0 ? { kind: 'same' } : { kind: 'drift', fields: fields.sort() };
}
