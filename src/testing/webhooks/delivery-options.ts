import type { InputIssue } from '../../errors/invalid-input-error.js';
import type { FakeApiOptions } from '../types.js';
import { DeliveryFaults } from './delivery-faults.js';
import type { DeliveryOptions } from './dispatcher.js';
import { secretIssues, webhookSignatureHeaders } from './signing.js';

/**
 * `webhookSecret`, `signWebhook` and `webhookFaults` checked and turned into how notices travel; the
 * fake's scheme signs with the fake's clock. What is wrong is added to `issues`, so createFakeApi names
 * it in the same one error as its other options.
 */
export function deliveryFrom(options: FakeApiOptions, now: () => Date, issues: InputIssue[]): DeliveryOptions {
  const { webhookSecret, signWebhook, webhookFaults } = options;
  if (webhookSecret !== undefined && signWebhook !== undefined) issues.push({ path: 'webhookSecret', message: 'give webhookSecret or signWebhook, not both' });
  if (signWebhook !== undefined && typeof signWebhook !== 'function') issues.push({ path: 'signWebhook', message: 'must be a function (body, context) => headers' });
  if (webhookSecret !== undefined) issues.push(...secretIssues(webhookSecret).issues.map((i) => ({ ...i, path: i.path.replace(/^secret/, 'webhookSecret') })));
  const sign = webhookSecret !== undefined ? (body: string) => webhookSignatureHeaders(webhookSecret, body, now()) : signWebhook;
  return { sign, faults: DeliveryFaults.check(webhookFaults, 'webhookFaults', issues) };
}
