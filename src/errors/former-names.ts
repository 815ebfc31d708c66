/**
 * @internal Option names a previous release took, with the name that replaced them, so a program
 * written against it is told what to write instead of "not an option". Keyed by the option's name,
 * or by `what:parent.name` when the name alone is common: `limit` is a former name only inside
 * `createFakeApi`'s `rateLimit`; the client's `rateLimit` never took it, so no rename is claimed there.
 * `home` names where the option lives now when it left the object it was in (a follow's margin is
 * set once on the mirror).
 */
const FORMER_NAMES: ReadonlyMap<string, { readonly now: string; readonly home?: string }> = new Map([
  ['margemMs', { now: 'marginMs', home: 'createMirror' }],
  ['onPagina', { now: 'onPage' }],
  ['createFakeApi:rateLimit.limit', { now: 'perMinute' }],
  ['lotes', { now: 'batches' }],
  ['depoisDeCada', { now: 'afterEach' }],
]);

/** The release that renamed them: the first after 0.1. */
const RENAMED_IN = '0.2';

/**
 * @internal The hint for an unknown option `key` under `parent` (the last field of its path, `''` at the
 * top) of the function `what` when it is a former name, given the names the object takes now;
 * undefined when it is not one.
 */
export function formerNameHint(key: string, parent: string, known: readonly string[], what = ''): string | undefined {
  const former = FORMER_NAMES.get(`${what}:${parent}.${key}`) ?? FORMER_NAMES.get(key);
  if (former === undefined) return undefined;
  if (known.includes(former.now)) return `did you mean "${former.now}"? it was renamed in ${RENAMED_IN}`;
  return former.home === undefined ? undefined : `it was renamed "${former.now}" in ${RENAMED_IN}, an option of ${former.home}`;
}
