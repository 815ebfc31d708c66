/**
 * Webhook receiving (`partner-commerce/webhooks`). This entry never loads the HTTP client, so a
 * function that only receives webhooks stays small. Parsers and the handler arrive in a later release.
 */
export { WebhookParseError } from './webhook-parse-error.js';
