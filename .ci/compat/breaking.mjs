/**
 * The compatibility check's rules, kept free of I/O so test/compat can feed them fixtures.
 *
 * The CHANGELOG's "Breaking" list: under `## [Unreleased]`, the `### Breaking` section (up to the next
 * `### ` or `## ` heading) holds tables of two columns, the old name and its replacement. A row lists
 * the identifiers written in backticks in its first cell that its second cell does not also hold
 * (`mirror.contagens()` | `mirror.counts()` lists `contagens`); a row whose replacement is empty is an
 * error, since a partner must be told what to write instead.
 */

const IDENT = /[A-Za-z_$][\w$]*/g;
const WORDS = new Set(['import', 'from', 'const', 'await', 'new', 'type', 'true', 'false', 'null', 'undefined', 'partner', 'commerce']);

/** Identifiers inside backticks of one table cell. */
function identifiers(cell) {
  const names = new Set();
  for (const code of cell.match(/`[^`]*`/g) ?? []) for (const id of code.match(IDENT) ?? []) if (!WORDS.has(id)) names.add(id);
  return names;
}

/**
 * The `### Breaking` rows of the Unreleased section: `{ names, old, replacement, line }` each, and the
 * problems found (no section, a row without replacement).
 */
export function parseBreaking(changelog) {
  const lines = changelog.replace(/\r\n/g, '\n').split('\n');
  const problems = [];
  const rows = [];
  const start = lines.findIndex((l) => /^## \[Unreleased\]/.test(l));
  if (start < 0) return { rows, problems: ['CHANGELOG.md has no "## [Unreleased]" section'] };
  let i = lines.findIndex((l, n) => n > start && (/^### Breaking\b/.test(l) || /^## /.test(l)));
  if (i < 0 || !/^### Breaking\b/.test(lines[i])) return { rows, problems: ['CHANGELOG.md\'s Unreleased section has no "### Breaking" heading'] };
  for (i += 1; i < lines.length && !/^##{1,2} /.test(lines[i]); i++) {
    const line = lines[i];
    if (!line.startsWith('|') || /^\|\s*-+/.test(line)) continue;
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length < 2 || (cells[0] === '0.1' && cells[1] === 'now')) continue;
    const [old, replacement] = cells;
    const kept = identifiers(replacement);
    const names = [...identifiers(old)].filter((n) => !kept.has(n));
    if (!replacement) problems.push(`CHANGELOG.md line ${i + 1}: ${old} has no replacement`);
    rows.push({ names, old, replacement, line: i + 1 });
  }
  if (rows.length === 0) problems.push('CHANGELOG.md\'s "### Breaking" section lists no rows');
  return { rows, problems };
}

/** name -> the row listing it. */
export function listedNames(rows) {
  const byName = new Map();
  for (const row of rows) for (const name of row.names) if (!byName.has(name)) byName.set(name, row);
  return byName;
}

/**
 * The names an API report (api/<entry>.api.md) exports, each with its members (the last `{ … }` of a
 * class, interface or record line).
 */
export function readReport(text) {
  const block = text.replace(/\r\n/g, '\n').match(/```text\n([\s\S]*?)```/);
  const names = new Map();
  for (const line of (block?.[1] ?? '').split('\n')) {
    const m = line.match(/^([^:\s]+): (?:value|type-only) ([\w+]+)/);
    if (!m) continue;
    const kinds = m[2].split('+');
    const braces = /(?:class|interface|type)/.test(m[2]) ? line.match(/\{ ([^{}]*) \}(?: @internal)?(?: @deprecated)?$/) : null;
    const members = braces
      ? braces[1]
          .split(', ')
          .map((s) => s.replace(/^(static|protected) /, '').replace(/ \(deprecated\)$/, ''))
          .filter((s) => s && !s.startsWith('['))
      : [];
    names.set(m[1], { kinds, members });
  }
  return names;
}

/**
 * What 0.1 exported and today's build does not: exported names, and public members of a class or
 * interface that still exists. Each with the row that lists it, or none.
 */
export function removedNames(entry, oldText, newText, listed) {
  const before = readReport(oldText);
  const after = readReport(newText);
  const found = [];
  for (const [name, old] of before) {
    const now = after.get(name);
    if (!now) {
      found.push({ entry, name, what: `${entry}: ${name}`, row: listed.get(name) });
      continue;
    }
    const kept = new Set(now.members);
    for (const member of old.members) if (!kept.has(member)) found.push({ entry, name: member, what: `${entry}: ${name}.${member}`, row: listed.get(member) });
  }
  return found;
}

/**
 * Whether a type-check diagnostic concerns a listed name: one of the names TypeScript quotes in it
 * ('contagens', '"partner-commerce"') is listed. Returns the row, or undefined.
 */
export function diagnosticRow(message, listed) {
  for (const m of message.matchAll(/'([^']+)'/g)) {
    const row = listed.get(m[1]);
    if (row) return row;
  }
  return undefined;
}

/**
 * A consumer that failed at run time passes only by a removed name's stub: its error reads
 * `<name> was removed in 0.N: use <replacement>`, and the name is listed. Returns the row, or undefined.
 */
export function stubRow(output, listed) {
  const m = output.match(/([\w$.]+?)(?:\(\))? was removed in 0\.\d+: use (.+)/);
  if (!m) return undefined;
  return listed.get(m[1].split('.').at(-1));
}
