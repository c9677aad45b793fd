import { centsOfAmount } from '../../shared/catalogue';
import type { DayCounts } from '../firebase/dailyStats';
import type { AppliedChange, TransactionRecord } from './orderRules';

/**
 * What a provider's answer adds to its day (the overview's rollups): an order ending unpaid, by how; a payment that
 * landed (paid, and its money, whether credited or owed back); a credit, with its time from the provider's payment.
 */
export function dayCountsOf(record: TransactionRecord, plan: AppliedChange, now: number, paidAtProvider: number | null): DayCounts {
  const status = plan.update.status;
  const ended = status === 'failed' ? 'declined' : status === 'cancelled' ? 'cancelled' : status === 'expired' ? 'expired' : null;
  const landed = plan.credit > 0 || plan.refundOwed !== null;
  return {
    counts: {
      ...(ended ? { [ended]: 1 } : {}),
      ...(landed ? { paid: 1, paidCents: centsOfAmount(record.amount) } : {}),
      ...(plan.credit > 0 ? { credited: 1 } : {}),
    },
    ...(plan.credit > 0 && paidAtProvider !== null ? { creditLagMs: now - paidAtProvider } : {}),
  };
}
