/**
 * The mirror's options are checked in one style: each options object has one schema, and every bad
 * field of one call is named in ONE InvalidInputError, a PartnerCommerceError, before anything is
 * opened or sent, so a caller fixes them in one run rather than one run per problem.
 */
import { describe, expect, it } from 'vitest';
import { InvalidInputError, PartnerCommerceError } from '../../src/index.js';
import { createMemoryStore, createMirror, createOutbox, createPgliteStore, createPostgresStore } from '../../src/mirror/index.js';
import { createFakeApi } from '../../src/testing/index.js';
import { testClient } from '../helpers/client.js';
import { refusal } from '../helpers/refusal.js';

/** The one error `fn` throws, checked to be an InvalidInputError of the package's family. */
function errorOf(fn: () => unknown): InvalidInputError {
  const err = refusal(fn);
  expect(err).toBeInstanceOf(PartnerCommerceError);
  return err;
}

const pathsOf = (fn: () => unknown): string[] =>
  errorOf(fn)
    .issues.map((i) => i.path)
    .sort();

describe('mirror options, checked in one style', () => {
  const client = testClient(createFakeApi({ catalogSize: 1, rateLimit: false }).fetch);

  it('createMirror names every bad option in one error', () => {
    const err = errorOf(() => createMirror({ client: {} as never, marginMs: -1, catalogId: '', telemetry: 'yes' as never }));
    expect(err.issues.map((i) => i.path).sort()).toEqual(['catalogId', 'client', 'marginMs', 'telemetry']);
    expect(err.message).toContain('marginMs');
    expect(err.message).toContain('catalogId');
  });

  it('createMirror refuses an option it does not know, such as the old name margemMs, with the rest', () => {
    expect(pathsOf(() => createMirror({ client, margemMs: 60_000, store: 'db' } as never))).toEqual(['margemMs', 'store']);
  });

  it('start() names every bad option in one error, before any run', () => {
    const mirror = createMirror({ client, store: createMemoryStore() });
    expect(pathsOf(() => mirror.start({ intervalMs: -5, onError: 'log' as never, every: 1 } as never))).toEqual(['every', 'intervalMs', 'onError']);
  });

  it('createPostgresStore names a bad connectionString and a bad max together', () => {
    expect(pathsOf(() => createPostgresStore({ connectionString: 5 as never, max: 0 }))).toEqual(['connectionString', 'max']);
    expect(pathsOf(() => createPostgresStore({ max: 4 }))).toEqual(['connectionString']);
  });

  it('createPgliteStore names a bad dataDir and a bad db together, before opening anything', () => {
    expect(pathsOf(() => createPgliteStore({ dataDir: 42 as never, db: {} as never }))).toEqual(['dataDir', 'db']);
  });

  it('createOutbox names a bad client, a bad store and an unknown option together', () => {
    expect(pathsOf(() => createOutbox({ client: {}, store: 'db' as never, retries: 3 } as never))).toEqual(['client', 'retries', 'store']);
  });

  it('good options still pass', () => {
    expect(createMirror({ client, store: createMemoryStore(), marginMs: 0, catalogId: 'parceiro-1', telemetry: false })).toBeDefined();
    expect(createPgliteStore({}).kind).toBe('pglite');
    expect(createPostgresStore({ connectionString: 'postgres://u@127.0.0.1:1/db', max: 2 }).kind).toBe('postgres');
    expect(createOutbox({ client, store: createMemoryStore() })).toBeDefined();
  });
});
