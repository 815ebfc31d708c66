import { Catalog } from '../catalog/catalog.js';
import { fnv1a } from './hash.js';

/** The account record of GET /v1/conta; the spec names only `fichaCompleta`. */
export interface ContaRecord {
  id: string;
  nome: string;
  fichaCompleta: boolean;
}

/** The integration a token belongs to. */
export interface IntegracaoRecord {
  id: string;
  nome: string;
}

/**
 * One test account. The fake treats each token as its own partner (own account, own rate window),
 * which is what isolates tests sharing a fake. Orders, customers and ledger will live here.
 */
export interface AccountState {
  readonly token: string;
  readonly conta: ContaRecord;
  readonly integracao: IntegracaoRecord;
}

/** Everything the fake remembers: the shared catalog and the accounts, created on first use. */
export class FakeState {
  readonly #accounts = new Map<string, AccountState>();

  constructor(readonly catalog: Catalog) {}

  /** The account of `token`, created on its first call with deterministic ids. */
  account(token: string): AccountState {
    let account = this.#accounts.get(token);
    if (!account) {
      const seed = fnv1a(`conta:${token}`);
      account = {
        token,
        conta: { id: `cta_${seed}`, nome: `Loja de Teste ${seed.slice(0, 4).toUpperCase()}`, fichaCompleta: true },
        integracao: { id: `int_${fnv1a(`integracao:${token}`)}`, nome: 'Integração de teste' },
      };
      this.#accounts.set(token, account);
    }
    return account;
  }
}
