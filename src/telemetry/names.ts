/**
 * @internal Names of the SDK's spans attributes and metrics, in one place so the README's list and
 * the code cannot drift apart (test/telemetry checks the README against this file). The HTTP ones are
 * OpenTelemetry's semantic conventions (HTTP client, stable); the rest live under `partner_commerce.`.
 */
export const SCOPE = 'partner-commerce';

export const ATTR = {
  method: 'http.request.method',
  status: 'http.response.status_code',
  resendCount: 'http.request.resend_count',
  serverAddress: 'server.address',
  serverPort: 'server.port',
  urlFull: 'url.full',
  urlTemplate: 'url.template',
  errorType: 'error.type',
  operation: 'partner_commerce.operation',
  attempts: 'partner_commerce.attempts',
  requestId: 'partner_commerce.request_id',
  // HMAC under a random key of the process, not a plain SHA-256 (which enumerating order ids reversed).
  idempotencyKeyHash: 'partner_commerce.idempotency_key.hmac_sha256',
  retryReason: 'partner_commerce.retry.reason',
  rateLimitWaitMs: 'partner_commerce.rate_limit.wait_ms',
  rateLimitWaitReason: 'partner_commerce.rate_limit.wait_reason',
  rateLimitRemaining: 'partner_commerce.rate_limit.remaining',
  priority: 'partner_commerce.priority',
  webhookEvent: 'partner_commerce.webhook.event',
  webhookOutcome: 'partner_commerce.webhook.outcome',
  mirrorSource: 'partner_commerce.mirror.source',
  mirrorField: 'partner_commerce.mirror.field',
} as const;

export const METRIC = {
  requestDuration: 'http.client.request.duration',
  rateLimitWait: 'partner_commerce.rate_limit.wait.duration',
  rateLimitRemaining: 'partner_commerce.rate_limit.remaining',
  rateLimited: 'partner_commerce.rate_limit.rejections',
  retries: 'partner_commerce.retries',
  webhookDuration: 'partner_commerce.webhook.handling.duration',
  webhookDuplicates: 'partner_commerce.webhook.duplicates',
  webhookParseFailures: 'partner_commerce.webhook.parse_failures',
  mirrorLag: 'partner_commerce.mirror.lag',
  mirrorChangesApplied: 'partner_commerce.mirror.changes_applied',
  mirrorDriftHealed: 'partner_commerce.mirror.drift_healed',
  mirrorQuarantined: 'partner_commerce.mirror.quarantined',
  mirrorDrift: 'partner_commerce.mirror.drift',
} as const;

/** The event on the operation span for each wait for rate budget. */
export const RATE_LIMIT_WAIT_EVENT = 'partner_commerce.rate_limit.wait';

/** Semantic conventions' advice for `http.client.request.duration` (seconds). */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
