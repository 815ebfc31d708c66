import type { FakeApiOptions } from '../types.js';
import { DeliveryFaults } from './delivery-faults.js';
import type { DeliveryOptions } from './dispatcher.js';
import { webhookSignatureHeaders } from './signing.js';

/**
 * `webhookSecret`, `signWebhook` and `webhookFaults` checked and turned into how notices travel; the
 * fake's scheme signs with the fake's clock. @throws {TypeError} naming the option that is wrong.
 */
export function deliveryFrom(options: FakeApiOptions, now: () => Date): DeliveryOptions {
  const { webhookSecret, signWebhook, webhookFaults } = options;
  if (webhookSecret !== undefined && signWebhook !== undefined) throw new TypeError('give webhookSecret or signWebhook, not both');
  if (signWebhook !== undefined && typeof signWebhook !== 'function') throw new TypeError('signWebhook must be a function (body, context) => headers');
  if (webhookSecret !== undefined && (typeof webhookSecret !== 'string' || webhookSecret === '')) throw new TypeError('webhookSecret must be a non-empty string');
  const sign = webhookSecret !== undefined ? (body: string) => webhookSignatureHeaders(webhookSecret, body, now()) : signWebhook;
  return { sign, faults: DeliveryFaults.from(webhookFaults, 'webhookFaults') };
}
