export { Page } from './page.js';
export { PagePromise } from './page-promise.js';
export type { ListarParams } from './list-params.js';
