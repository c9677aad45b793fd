import fs from 'node:fs';
import { PAYMENT_TRANSITIONS } from '../../src/client/features/payment/paymentMachine';
import { ORDER_TRANSITIONS } from '../../src/shared/orders/orderStatus';
import { REFUND_TRANSITIONS } from '../../src/shared/refunds/refundRequest';
import { DISPUTE_TRANSITIONS } from '../../src/shared/disputes/dispute';
import { GAME_EVENT_TRANSITIONS } from '../../src/server/gameEvents/gameEventRecords';
import { DOC_PATH, renderPaymentStateMachineDoc } from './paymentStateMachineDoc';

describe('docs/payment-state-machine.md', () => {
  it('is what the transition tables make of it (run `npm run docs` after changing a table)', () => {
    expect(fs.readFileSync(DOC_PATH, 'utf8')).toBe(renderPaymentStateMachineDoc());
  });

  it('draws every transition of the five tables, and nothing else', () => {
    const doc = fs.readFileSync(DOC_PATH, 'utf8');
    const arrows = [...doc.matchAll(/^ {4}(\w+) --> (\w+) : (\S+)/gm)].map(([, from, to, label]) => `${from}>${to}>${label}`);
    const expected = [
      ...Object.entries(ORDER_TRANSITIONS).flatMap(([from, targets]) => targets.map((to) => `${from}>${to}`)),
      ...Object.entries(REFUND_TRANSITIONS).flatMap(([from, targets]) => targets.map((to) => `${from}>${to}`)),
      ...Object.entries(DISPUTE_TRANSITIONS).flatMap(([from, targets]) => targets.map((to) => `${from}>${to}`)),
      ...Object.entries(GAME_EVENT_TRANSITIONS).flatMap(([from, targets]) => targets.map((to) => `${from}>${to}`)),
      ...Object.entries(PAYMENT_TRANSITIONS).flatMap(([from, events]) =>
        Object.entries(events).map(([event, to]) => `${from}>${to}>${event}`),
      ),
    ];
    for (const arrow of expected) expect(arrows.some((drawn) => drawn.startsWith(arrow))).toBe(true);
    expect(arrows).toHaveLength(expected.length);
  });
});
