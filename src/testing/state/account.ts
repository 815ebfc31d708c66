import { IdSequence } from '../core/ids.js';
import { fnv1a } from '../core/hash.js';
import { IdempotencyKeys } from './idempotency-keys.js';
import { LojaHubState } from './loja-hub.js';
import type { ClienteRecord, EtiquetaRecord, LancamentoRecord, PedidoRecord } from './records.js';

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

/** How an account is set up, from the options (defaults already applied). */
export interface AccountSetup {
  /** Permissions of the token's integration. */
  readonly permissions: ReadonlySet<string>;
  /** Connected to the label provider's test environment. */
  readonly labelProviderConnected: boolean;
  /** The storefront is released to the partner (else 403 LOJA_HUB_NAO_LIBERADA). */
  readonly storefrontReleased: boolean;
  /** Initial `fichaCompleta` of the profile record (reset restores it). */
  readonly profileComplete: boolean;
}

/** The first order number of every account; orders count up from here and never reuse a number. */
const FIRST_NUMERO = 1001;

/**
 * One test account. The fake treats each token as its own partner (own account, own integration, own
 * rate window), which is what isolates tests sharing a fake. Records are kept in the wire shape.
 */
export class Account {
  readonly conta: ContaRecord;
  readonly integracao: IntegracaoRecord;
  readonly ids: IdSequence;
  readonly idempotency = new IdempotencyKeys();
  readonly lojaHub = new LojaHubState();
  readonly clientes = new Map<string, ClienteRecord>();
  readonly pedidos = new Map<string, PedidoRecord>();
  readonly lancamentos = new Map<string, LancamentoRecord>();
  readonly etiquetas = new Map<string, EtiquetaRecord>();
  #numero = FIRST_NUMERO;

  constructor(
    readonly token: string,
    readonly setup: AccountSetup,
  ) {
    const seed = fnv1a(`conta:${token}`);
    this.conta = { id: `cta_${seed}`, nome: `Loja de Teste ${seed.slice(0, 4).toUpperCase()}`, fichaCompleta: setup.profileComplete };
    this.integracao = { id: `int_${fnv1a(`integracao:${token}`)}`, nome: 'Integração de teste' };
    this.ids = new IdSequence(seed);
  }

  /** The next order number. */
  nextNumero(): number {
    return this.#numero++;
  }

  /** True when the integration holds `permission`. */
  can(permission: string): boolean {
    return this.setup.permissions.has(permission);
  }

  /**
   * The sandbox reset: deletes orders, customers and ledger entries and restores the profile record.
   * Integrations, tokens, webhooks, Idempotency-Keys, labels and the storefront stay; ids and order
   * numbers are never reused.
   */
  reset(): void {
    this.pedidos.clear();
    this.clientes.clear();
    this.lancamentos.clear();
    this.conta.fichaCompleta = this.setup.profileComplete;
  }
}
