import type { Offer } from '../../shared/offers/offer';
import { HOLDOUT_ARM } from '../../shared/offers/experiment';
import { conversionInterval, revenueDifference, revenueInterval } from '../../shared/offers/experimentStats';
import type { StoredDay } from '../overview/statsRepository';
import type { TransactionRecord } from '../orders/orderRules';
import { experimentResult } from './experimentResults';

const offer = {
  id: 'back-bonus',
  kind: 'timeBoxed',
  title: 'Welcome back',
  bonus: { unit: 'percent', amount: 20 },
  packIds: null,
  startsAt: 0,
  endsAt: null,
  active: true,
  public: true,
  updatedAt: 0,
  experiment: { holdoutShare: 0.5, paused: false, arms: [{ id: '20-percent', weight: 1, bonus: { unit: 'percent', amount: 20 } }] },
} satisfies Offer;

const day = (fields: Partial<StoredDay>) => fields as StoredDay;
/** A paid, credited order of `uid` in `arm` for `amount`; `refunded` takes its money back. */
const order = (uid: string, arm: string, amount: string, refunded = false) =>
  ({ order_id: `${uid}-${amount}`, userId: uid, amount, status: refunded ? 'refunded' : 'paid', checked: 1, experiments: [{ experimentId: offer.id, arm }] }) as unknown as TransactionRecord;

describe('an experiment’s result', () => {
  it('sums the arms’ exposures and money from the day’s shards and each buyer’s money from the orders, against the holdout', () => {
    const days = [
      day({ experimentExposed: { 'back-bonus~20-percent': 6, 'back-bonus~holdout': 5 }, experimentOrders: { 'back-bonus~20-percent': 3, 'back-bonus~holdout': 1 }, experimentPaid: { 'back-bonus~20-percent': 3 } }),
      day({ experimentExposed: { 'back-bonus~20-percent': 4, 'back-bonus~holdout': 5 }, experimentPaid: { 'back-bonus~holdout': 1 }, experimentNetCents: { 'back-bonus~20-percent': 4598, 'back-bonus~holdout': 1599 } }),
    ];
    // Two buyers in the arm (one twice), one refunded; one in the holdout. Another experiment's order is not this one's.
    const orders = [order('a', '20-percent', '15.99'), order('a', '20-percent', '15.99'), order('b', '20-percent', '45.99'), order('c', '20-percent', '15.99', true), order('d', HOLDOUT_ARM, '15.99')];
    const result = experimentResult(offer, days, orders, 1_000);
    expect(result.state).toBe('running');
    const [holdout, arm] = result.arms as [(typeof result.arms)[0], (typeof result.arms)[0]];
    expect(holdout).toMatchObject({ arm: HOLDOUT_ARM, bonus: null, exposed: 10, buyers: 1, orders: 1, paidOrders: 1, netCents: 1599, againstHoldout: null });
    expect(arm).toMatchObject({ arm: '20-percent', bonus: '+20 %', exposed: 10, buyers: 2, orders: 3, paidOrders: 3, netCents: 4598, expectedShare: 0.5, exposedShare: 0.5 });
    // Each buyer's total is one sample (a: 31.98, b: 45.99), the eight others shown 0.
    const armSample = { exposed: 10, sumCents: 3198 + 4599, sumSquaresCents: 3198 ** 2 + 4599 ** 2 };
    const holdoutSample = { exposed: 10, sumCents: 1599, sumSquaresCents: 1599 ** 2 };
    expect(arm.conversion).toEqual(conversionInterval(2, 10));
    expect(arm.revenuePerExposed).toEqual(revenueInterval(armSample));
    expect(arm.againstHoldout).toEqual(revenueDifference(armSample, holdoutSample));
    expect(arm.againstHoldout!.estimate).toBeCloseTo(779.7 - 159.9, 6);
    expect(result.sampleRatio.mismatch).toBe(false);
  });

  it('warns when the arms’ sizes are not as weighted, and says when it is paused or ended', () => {
    const lopsided = [day({ experimentExposed: { 'back-bonus~20-percent': 700, 'back-bonus~holdout': 300 } })];
    expect(experimentResult(offer, lopsided, [], 1_000).sampleRatio.mismatch).toBe(true);
    expect(experimentResult({ ...offer, experiment: { ...offer.experiment, paused: true } }, [], [], 1_000).state).toBe('paused');
    expect(experimentResult({ ...offer, active: false }, [], [], 1_000).state).toBe('ended');
    // A buyer counts as shown even where no first sight was counted: never more buyers than players shown.
    expect(experimentResult(offer, [], [order('z', '20-percent', '15.99')], 1_000).arms[1]).toMatchObject({ exposed: 1, buyers: 1 });
  });
});
