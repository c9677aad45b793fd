import crypto from 'node:crypto';
import type { ProviderEventType } from '../../src/shared/paymentProtocol';

/** A new provider event's fields, signed now unless told otherwise: what every notice the provider sends carries. */
export function eventFields(type: ProviderEventType = 'payment', at = Date.now()): { event_id: string; event_type: ProviderEventType; event_time: string } {
  return { event_id: `evt_test_${crypto.randomBytes(8).toString('hex')}`, event_type: type, event_time: String(Math.floor(at / 1000)) };
}

/** A dispute notice's fields for an order of `amount` (AUD), unsigned; a new event unless `event` names one. */
export function disputeNoticeFields(orderId: string, stage: string, amount: string, event = eventFields('dispute')): Record<string, string> {
  return {
    out_trade_no: orderId,
    dispute_id: `dp_${orderId.slice(-8)}`,
    stage,
    reason_code: '10.4',
    amount,
    currency: 'AUD',
    evidence_due: stage === 'opened' ? String(Math.floor(Date.now() / 1000) + 7 * 86_400) : '',
    ...event,
  };
}
