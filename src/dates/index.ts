export { timestampSchema } from './timestamp-schema.js';
export { toDateParam } from './to-date-param.js';
