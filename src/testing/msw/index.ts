/**
 * `partner-commerce/testing/msw`: the fake of `partner-commerce/testing` as msw handlers. The one
 * entry that imports msw (an optional peer), so the testing kit itself loads where msw is not
 * installed and on edge runtimes.
 */
export { mswHandlers } from './handlers.js';
