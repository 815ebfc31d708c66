/** The store contract (store-contract.ts) over every engine: memory, PGlite and PostgreSQL. */
import { describeStoreContract } from './store-contract.js';
import { storeKinds } from './stores.js';

for (const kind of storeKinds()) describeStoreContract(kind);
