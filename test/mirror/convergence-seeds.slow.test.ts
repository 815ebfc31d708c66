/** The convergence regression of convergence-seeds.test.ts on the embedded store (PGlite): the part `npm test` leaves out. */
import { convergenceSeedTests } from './convergence-seed-cases.js';

convergenceSeedTests('pglite', [{ seed: 1, catalogSize: 120 }]);
