import { abortFailure } from '../transport/abort-failure.js';
import { InvalidInputError } from '../errors/invalid-input-error.js';
import { UnexpectedResponseError } from '../errors/unexpected-response-error.js';
import { changelogSchema, type Changelog, type Mudanca } from '../models/changelog.js';
import { connectionErrorFrom } from '../transport/connection-failure.js';
import { parseBody } from '../transport/parse-body.js';
import { optionNames, refuseUnknownOptions } from '../errors/check-options.js';

/** Options of {@link fetchChangelog}. */
export interface FetchChangelogOptions {
  /** The fetch to use. @default globalThis.fetch */
  fetch?: typeof globalThis.fetch | undefined;
  /** Aborts the download. */
  signal?: AbortSignal | undefined;
}

/** A change the partner must act on, with the release it belongs to. */
export type ChangelogAction = Mudanca & {
  /** Version of the release, e.g. `v1`. */
  versao: string;
  /** Publication date of the release; `null` while unpublished. */
  data: string | null;
};

/** The changelog and the changes in it that need action. */
export interface ChangelogReport {
  /** The whole changelog, validated, unknown fields kept. */
  changelog: Changelog;
  /**
   * Changes to act on, newest release first: every `seguranca` (always read: may require rotating a
   * token or secret), every `descontinuado` (still works, leaves in the next version), and `alterado`
   * only when it gives an `acao`.
   */
  actionsNeeded: ChangelogAction[];
}

const CHANGELOG_OPTION_NAMES = optionNames<FetchChangelogOptions>({ fetch: 1, signal: 1 });

/**
 * Downloads the API changelog (`${docsUrl}/changelog.json`, a public file: no token is sent) and picks
 * the changes a partner must act on. Run it in CI or a scheduled job to hear about deprecations.
 *
 * @param docsUrl the documentation site address ({docs_url} of the spec), e.g. `https://docs.example.com`.
 * @throws {InvalidInputError} when `docsUrl` is not an http(s) URL.
 * @throws {ConnectionError} when the site cannot be reached.
 * @throws {AbortError} when `signal` aborts it (the reason is its `cause`).
 * @throws {UnexpectedResponseError} for a non-2xx answer or a body that does not fit the changelog shape (naming the field).
 */
export async function fetchChangelog(docsUrl: string, options: FetchChangelogOptions = {}): Promise<ChangelogReport> {
  refuseUnknownOptions(options, CHANGELOG_OPTION_NAMES, 'fetchChangelog');
  if (typeof docsUrl !== 'string' || !/^https?:\/\/[^/]/i.test(docsUrl)) {
    throw new InvalidInputError({ path: 'docsUrl', message: 'must be an http(s) URL, e.g. "https://docs.example.com"' });
  }
  const url = `${docsUrl.replace(/\/+$/, '')}/changelog.json`;
  const where = `GET ${url}`;
  let response: Response;
  try {
    response = await (options.fetch ?? globalThis.fetch)(url, { headers: { accept: 'application/json' }, signal: options.signal });
  } catch (err) {
    if (options.signal?.aborted) throw abortFailure(err, options.signal, where, undefined, false);
    throw connectionErrorFrom(err, where, undefined);
  }
  const text = await response.text();
  if (!response.ok) {
    throw new UnexpectedResponseError(`${where} answered ${response.status}`, { status: response.status, issues: [{ path: '', message: `HTTP ${response.status}` }] });
  }
  const changelog = parseBody(text, response.status, changelogSchema(), where, { requestId: response.headers.get('x-request-id') ?? undefined, idempotencyKey: undefined }).data as Changelog;
  return { changelog, actionsNeeded: actionsNeeded(changelog) };
}

function actionsNeeded(changelog: Changelog): ChangelogAction[] {
  return changelog.releases.flatMap((release) =>
    release.mudancas
      .filter((m) => m.tipo === 'seguranca' || m.tipo === 'descontinuado' || (m.tipo === 'alterado' && m.acao !== null))
      .map((m) => ({ ...m, versao: release.versao, data: release.data })),
  );
}
