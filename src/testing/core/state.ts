import type { Catalog } from '../catalog/catalog.js';
import { Account, type AccountSetup } from '../state/account.js';

/** Everything the fake remembers: the shared catalog and the accounts, created on first use. */
export class FakeState {
  readonly #accounts = new Map<string, Account>();

  constructor(
    readonly catalog: Catalog,
    private readonly setupOf: (token: string) => AccountSetup,
  ) {}

  /** The account of `token`, created on its first call with deterministic ids. */
  account(token: string): Account {
    let account = this.#accounts.get(token);
    if (!account) {
      account = new Account(token, this.setupOf(token));
      this.#accounts.set(token, account);
    }
    return account;
  }

  /** Every account that has called the fake: product notices go to all of them, as in production. */
  accounts(): Account[] {
    return [...this.#accounts.values()];
  }
}
