import fs from 'node:fs';
import path from 'node:path';
import { ADOPTED_ORDER_PHASE, PAYMENT_TRANSITIONS } from '../../src/client/features/payment/paymentMachine';
import { FINAL_STATUSES, LATE_PAYMENT_WATCH_MS, ORDER_TRANSITIONS, UNPAID_FINAL_STATUSES } from '../../src/shared/orders/orderStatus';
import { REFUND_TRANSITIONS } from '../../src/shared/refunds/refundRequest';
import { DISPUTE_TRANSITIONS } from '../../src/shared/disputes/dispute';
import { GAME_EVENT_TRANSITIONS } from '../../src/server/gameEvents/gameEventRecords';

/**
 * docs/payment-state-machine.md, written from the two transition tables themselves, so the diagrams
 * cannot drift from the code: `npm run docs` writes it, and a test fails when the file differs.
 */
export const DOC_PATH = path.resolve(__dirname, '../../docs/payment-state-machine.md');

function orderDiagram(): string {
  const lines = ['stateDiagram-v2', '    [*] --> pending : POST /api/payments (provider said SUCCESS)'];
  for (const [from, targets] of Object.entries(ORDER_TRANSITIONS)) {
    for (const to of targets) {
      const why =
        from === 'paid'
          ? to === 'charged_back'
            ? 'the dispute is lost or accepted (gems taken back when it opened)'
            : 'support refunds (gems debited)'
          : from === 'pending'
            ? `provider: ${to}`
            : from === 'charged_back'
              ? 'the bank reverses its chargeback (dispute won on arbitration, gems given back)'
              : 'late provider paid';
      lines.push(`    ${from} --> ${to} : ${why}`);
    }
  }
  for (const status of FINAL_STATUSES) {
    if (ORDER_TRANSITIONS[status].length === 0) lines.push(`    ${status} --> [*]`);
  }
  return lines.join('\n');
}

/** A machine kept as a table (from → the states it may move to) drawn from its first state, each arrow with its words. */
function tableDiagram(transitions: Readonly<Record<string, readonly string[]>>, moves: Record<string, string>, first: string, firstWords: string): string {
  const lines = ['stateDiagram-v2', `    [*] --> ${first} : ${firstWords}`];
  for (const [from, targets] of Object.entries(transitions)) {
    for (const to of targets) lines.push(`    ${from} --> ${to} : ${moves[`${from}>${to}`] ?? to}`);
    if (targets.length === 0) lines.push(`    ${from} --> [*]`);
  }
  return lines.join('\n');
}

const REFUND_MOVES: Record<string, string> = {
  'requested>approving': 'support approves (gems taken back, attempt recorded)',
  'requested>declined': 'support declines, with a reason',
  'approving>refunded': 'provider refunded (order paid → refunded)',
  'approving>approval_failed': 'provider refused (gems given back)',
};

const refundDiagram = () => tableDiagram(REFUND_TRANSITIONS, REFUND_MOVES, 'requested', 'the player asks, within the refund policy');

const DISPUTE_MOVES: Record<string, string> = {
  'opened>evidence_submitted': 'support sends the evidence pack (Evidence sent)',
  'opened>won': 'provider: won (gems given back, buying resumes)',
  'opened>lost': 'provider: lost (order charged back)',
  'opened>accepted': 'support accepts (order charged back)',
  'evidence_submitted>won': 'provider: won (gems given back, buying resumes)',
  'evidence_submitted>lost': 'provider: lost (order charged back)',
  'evidence_submitted>accepted': 'support accepts after all (order charged back)',
  'won>opened': 'provider: a second dispute or a pre-arbitration (a new round: gems taken again, buying paused)',
  'won>lost': 'provider: lost after all (a new round: gems taken again, order charged back)',
  'lost>won': 'provider: won on arbitration (gems given back, order paid again)',
};

const disputeDiagram = () => tableDiagram(DISPUTE_TRANSITIONS, DISPUTE_MOVES, 'opened', "provider: dispute opened (gems taken back, a debt for the rest; buying paused)");

const DELIVERY_MOVES: Record<string, string> = {
  'pending>pending': 'a try failed (5xx, timeout, refused): tried again later, the same id',
  'pending>delivered': 'the game answered 2xx',
  'pending>declined': 'the game answered 409 declined to a credit (the order is refunded)',
  'pending>attention': 'tried for GAME_WEBHOOK_GIVE_UP_MS, or a take-back declined: left for support',
  'attention>pending': 'support: Resend (tried for days again, the same id)',
};

const deliveryDiagram = () => tableDiagram(GAME_EVENT_TRANSITIONS, DELIVERY_MOVES, 'pending', 'written in the commit that moves the gems');

function paymentDiagram(): string {
  const lines = ['stateDiagram-v2', '    [*] --> starting : submitted (no order of this tab awaits payment, or "Start a new order")'];
  for (const [from, events] of Object.entries(PAYMENT_TRANSITIONS)) {
    for (const [event, to] of Object.entries(events)) lines.push(`    ${from} --> ${to} : ${event}`);
  }
  return lines.join('\n');
}

export function renderPaymentStateMachineDoc(): string {
  return `# The payment state machine

<!-- Written by \`npm run docs\` from src/shared/orders/orderStatus.ts, src/shared/refunds/refundRequest.ts,
     src/shared/disputes/dispute.ts, src/server/gameEvents/gameEventRecords.ts and src/client/features/payment/paymentMachine.ts; scripts/paymentStateMachineDoc.test.ts fails when
     this file and the tables disagree. Edit the tables, then run \`npm run docs\`. -->

Five machines, one vocabulary. The **order** machine lives in \`src/shared\` and is what Firestore stores: the
server applies the provider's answers to it in atomic Firestore commits (\`applyProviderAnswer\`). The
**payment** machine is the client's: one entry per payment started in a tab, in the \`payment\` slice, moved
only by its transition table. Its news of an order comes from the order statuses
(\`eventForOrder\`), and a test holds the two tables to each other.

## The order (server and client, \`src/shared/orders/orderStatus.ts\`)

\`\`\`mermaid
${orderDiagram()}
\`\`\`

- Final statuses: ${FINAL_STATUSES.map((status) => `\`${status}\``).join(', ')}. The sweep asks about \`pending\` until
  the provider's final answer, and about ${UNPAID_FINAL_STATUSES.map((status) => `\`${status}\``).join(', ')} for a late payment.
- A provider word that decides nothing yet (\`processing\`, \`pending\`, an unknown word) keeps the order
  \`pending\` and under watch.
- Being credited is a separate fact (\`checked: 1\`), set in the same commit that stores \`paid\`: the
  gems land exactly once, whoever confirms first (callback, return, reconcile, poll or sweep).
- A \`paid\` that arrives after \`failed\`, \`cancelled\` or \`expired\` is honoured: money moved, so the player
  gets their gems. Nothing else leaves a final status. The sweep keeps asking about such an order for
  ${LATE_PAYMENT_WATCH_MS / 86_400_000} days after it was placed, so a late payment whose callback was lost is credited.
- The provider's \`refunded\` moves nothing by itself: \`paid → refunded\` is the refund machine's move, made in
  the commit that finishes an approval.

## A refund request (server, \`src/shared/refunds/refundRequest.ts\`)

\`\`\`mermaid
${refundDiagram()}
\`\`\`

- \`approving\` is committed, with the pack's gems taken back (only while the balance holds them all) and an
  attempt id, before the provider is asked; the attempt id is the provider's idempotency key. A decline or a
  second approval sees it and is refused.
- A timeout or a crash leaves \`approving\`; the sweep asks the provider again with the same key and finishes
  it either way. \`approval_failed\` gives the gems back; the order stays \`paid\`.

## A dispute with the player's bank (server, \`src/shared/disputes/dispute.ts\`)

\`\`\`mermaid
${disputeDiagram()}
\`\`\`

- Every move arrives as a provider event (an id and a signed time, recorded in \`provider_events/{id}\` in the commit
  of its effect), or is support's, audited; a repeated or stale event changes nothing.
- \`opened\` takes the order's gems back in one commit guarded by the order, the dispute and the player's gems: what
  the balance holds is taken, the rest is a debt (\`users/{uid}.gemDebt\`) that later credits pay first; the
  balance never goes below 0. Nothing is taken when a refund took the gems already or is taking them; a refund never
  starts on a disputed order.
- \`won\` gives back all it took (less what support wrote off), as every credit is given: what the player still owes
  is paid first, the rest reaches the balance; \`lost\` and \`accepted\` move a
  paid order to \`charged_back\` (its invoice gets an adjustment note) and the debt stays until paid or written off.
  Buying is paused while any of the player's disputes is open.
- After an end the bank may move the money again: \`lost\` or a second dispute after \`won\` open a new round (the
  gems taken again), \`won\` after \`lost\` reverses the chargeback and the order is \`paid\` again. A notice no arrow
  takes is recorded on the dispute for support.

## A game event's delivery (server, \`src/server/gameEvents/gameEventRecords.ts\`)

\`\`\`mermaid
${deliveryDiagram()}
\`\`\`

- An order's events are sent in the order they were made: one waits, untried, while an earlier one of its order is
  still pending, so a take-back never reaches the game before its credit.

## A payment in a tab (client, \`src/client/features/payment/paymentMachine.ts\`)

\`\`\`mermaid
${paymentDiagram()}
\`\`\`

Every arrow is an action of the \`payment\` slice, so Redux DevTools shows the machine step by step:
\`payment/submitted\`, \`payment/opening\`, \`payment/orderCreated\`, \`payment/tabOpened\`,
\`payment/tabClosed\`, \`payment/gemsCredited\`, … and around them, in the \`reconcile\` slice,
\`reconcile/started\`, \`reconcile/finished\` or \`reconcile/failed\`. An event that the table does not allow in
the entry's phase changes nothing. The news of an order (\`stillPending\`, \`paymentConfirmed\`,
\`gemsCredited\`, \`paymentDeclined\`, \`paymentCancelled\`, \`orderExpired\`) carries its source:
the Firestore \`listener\`, the provider's \`return\`, the \`reconcile\` or the \`poll\`, whichever comes first.

Around the table: a second Submit while an entry is \`awaitingPayment\` or \`tabClosed\` first asks
(\`payment/secondOrderAsked\`, then \`payment/resumeChosen\` or \`payment/newOrderChosen\`), and
\`payment/startedOver\` leaves a closed checkout's order be and gives the form back. It asks the same about
an open order the server knows of from another tab or device (\`openOrders/loaded\`, from
\`GET /api/payments/open\`, or from the 409 of a payment that named only the orders already asked about);
resumed, that order joins this tab's machine at \`${ADOPTED_ORDER_PHASE}\` (\`payment/orderAdopted\`) and
its checkout opens again.
`;
}

if (require.main === module) {
  fs.mkdirSync(path.dirname(DOC_PATH), { recursive: true });
  fs.writeFileSync(DOC_PATH, renderPaymentStateMachineDoc());
  console.log(`Wrote ${path.relative(process.cwd(), DOC_PATH)}`);
}
