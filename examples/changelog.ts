/**
 * The README's changelog check, kept here so CI type-checks it: list the API changes to act on.
 * Needs PARTNER_COMMERCE_DOCS_URL (the documentation site's address).
 */
import { fetchChangelog } from 'partner-commerce';

const { actionsNeeded } = await fetchChangelog(process.env.PARTNER_COMMERCE_DOCS_URL!);
for (const m of actionsNeeded) console.warn(`[${m.versao}] ${m.tipo} ${m.area}: ${m.texto} → ${m.acao ?? 'see ' + m.link}`);
