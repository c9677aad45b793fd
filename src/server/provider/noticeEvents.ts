import { PROVIDER_EVENT_ID_PATTERN, PROVIDER_EVENT_MAX_AGE_S, PROVIDER_EVENT_TYPES, type ProviderEventType } from '../../shared/paymentProtocol';
import type { ProviderEvent } from '../providerEvents/providerEventRecords';

export type EventJudgement = { ok: true; event: ProviderEvent } | { ok: false; why: string };

/**
 * The event a signed notice carries, judged against the store's clock (docs/payments.md, Provider events): its id
 * and type well formed, its time within PROVIDER_EVENT_MAX_AGE_S either way, so a notice captured and replayed
 * later, or signed by a clock far off, changes nothing. Call it only once the signature holds.
 */
export function eventOf(fields: Record<string, string>, now: number): EventJudgement {
  const { event_id: id = '', event_type: type = '', event_time: time = '' } = fields;
  if (!PROVIDER_EVENT_ID_PATTERN.test(id)) return { ok: false, why: 'the notice has no valid event id' };
  if (!(PROVIDER_EVENT_TYPES as readonly string[]).includes(type)) return { ok: false, why: `unknown event type "${type.slice(0, 20)}"` };
  if (!/^\d{9,11}$/.test(time)) return { ok: false, why: 'the notice has no valid event time' };
  const signedAt = Number(time) * 1000;
  const skewS = Math.round((now - signedAt) / 1000);
  if (skewS > PROVIDER_EVENT_MAX_AGE_S) return { ok: false, why: `stale notice: signed ${skewS} s ago` };
  if (-skewS > PROVIDER_EVENT_MAX_AGE_S) return { ok: false, why: `notice signed ${-skewS} s ahead of the store's clock` };
  return { ok: true, event: { id, type: type as ProviderEventType, signedAt } };
}
