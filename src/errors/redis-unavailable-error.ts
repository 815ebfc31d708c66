import { PartnerCommerceError } from './partner-commerce-error.js';

/**
 * Redis could not be reached, or did not answer within the command timeout. A subclass of
 * {@link PartnerCommerceError} so that one `catch` covers everything the package throws, the Redis
 * stores included.
 */
export class RedisUnavailableError extends PartnerCommerceError {
  override name = 'RedisUnavailableError';
  static override readonly kind: string = 'RedisUnavailableError';
}
