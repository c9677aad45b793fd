import { DISPUTE_STAGES, type DisputeStage, type RecordDisputeRequest } from '../../shared/disputes/dispute';
import { ORDER_ID_PATTERN } from '../../shared/paymentProtocol';
import { wallTimeIn } from '../../shared/wallTime';
import type { Settings } from '../config/settings';
import type { AppliedProviderEvent } from '../providerEvents/providerEventRecords';
import { HttpError } from '../http/errors';
import type { Logger } from '../lib/logger';
import type { OrdersRepository } from '../orders/ordersRepository';
import type { DisputeMove } from './disputePlans';
import type { DisputeOutcome, DisputesRepository } from './disputesRepository';

export interface DisputeDeps {
  settings: Settings;
  orders: OrdersRepository;
  disputes: DisputesRepository;
  log: Logger;
}

/** A staff member, as the audit trail names them. */
type Staff = { uid: string; email: string };

/** A stage a notice may name: each is the machine status it moves the dispute to. */
const isDisputeStage = (stage: string): stage is DisputeStage => (DISPUTE_STAGES as readonly string[]).includes(stage);

/** What a dispute notice says, as the provider signed it (docs/payments.md, Provider events). */
export interface DisputeNoticeFields {
  orderId: string;
  disputeId: string;
  stage: string;
  reasonCode: string;
  amount: string;
  currency: string;
  /** Unix seconds, or empty. */
  evidenceDue: string;
}

/**
 * A provider's signed dispute notice, its event judged fresh and new (payments/providerNotices): moves the order's
 * dispute by the machine in one commit with the event. A notice the machine has seen the effect of (another event
 * of the same stage) is acknowledged and changes nothing; one that cannot apply is refused with why.
 */
export async function applyDisputeNotice(deps: DisputeDeps, notice: DisputeNoticeFields, event: AppliedProviderEvent): Promise<DisputeOutcome> {
  const { stage } = notice;
  if (!isDisputeStage(stage)) throw new HttpError(400, `unknown dispute stage "${stage.slice(0, 20)}"`);
  const record = await deps.orders.find(notice.orderId);
  if (!record) throw new HttpError(404, 'unknown order');
  if (notice.amount !== record.amount || notice.currency !== record.currency) throw new HttpError(400, 'amount or currency does not match the order');
  const move = { at: Date.now(), source: 'dispute' as const };
  const outcome =
    stage === 'opened'
      ? await deps.disputes.open(
          notice.orderId,
          { ...move, reportedBy: 'provider', providerDisputeId: notice.disputeId, reasonCode: notice.reasonCode, evidenceDueAt: secondsToMs(notice.evidenceDue) },
          event,
        )
      : await deps.disputes.move(notice.orderId, stage, move, event);
  deps.log.info({ event: 'dispute.notice', orderId: notice.orderId, stage, eventId: event.id, ...(outcome.done ? { status: outcome.dispute.status } : { unchanged: outcome.why }) });
  if (!outcome.done && !outcome.already) throw new HttpError(409, outcome.why);
  return outcome;
}

const secondsToMs = (value: string) => (/^\d{9,11}$/.test(value) ? Number(value) * 1000 : null);

const madeOr409 = (outcome: DisputeOutcome) => {
  if (!outcome.done) throw new HttpError(409, outcome.why);
  return outcome;
};

function orderIdOf(value: string): string {
  if (!ORDER_ID_PATTERN.test(value)) throw new HttpError(404, 'There is no order with that number.');
  return value;
}

/** The order id of a dispute support names: 404 when there is none, before any move is judged. */
async function disputedOrderIdOf(deps: DisputeDeps, value: string): Promise<string> {
  const id = orderIdOf(value);
  if (!(await deps.disputes.find(id))) throw new HttpError(404, 'There is no dispute on that order.');
  return id;
}

/** POST /api/support/disputes/:orderId/{accept,evidence}: support accepts the chargeback, or says the evidence was sent. */
export async function moveDisputeBySupport(deps: DisputeDeps, staff: Staff, orderId: string, to: 'accepted' | 'evidence_submitted'): Promise<DisputeOutcome> {
  const move: DisputeMove = { at: Date.now(), source: 'support', actor: staff };
  const outcome = madeOr409(await deps.disputes.move(await disputedOrderIdOf(deps, orderId), to, move, null));
  deps.log.info({ event: 'support.dispute_moved', orderId, to, staff: staff.uid });
  return outcome;
}

/**
 * POST /api/support/disputes/:orderId: a dispute the provider reported only in its dashboard, recorded by hand
 * (opened, then won or lost), through the same machine and commits as a notice, audited with the staff member.
 */
export async function recordDisputeByHand(deps: DisputeDeps, staff: Staff, orderId: string, request: RecordDisputeRequest): Promise<DisputeOutcome> {
  const at = Date.now();
  const move: DisputeMove = { at, source: 'support', actor: staff };
  const id = orderIdOf(orderId);
  if (!(await deps.orders.find(id))) throw new HttpError(404, 'There is no order with that number.');
  // The dashboard's deadline is a day: evidence is due by its end, in the store's time zone.
  const evidenceDueAt = request.evidenceDue ? wallTimeIn(deps.settings.STORE_TIME_ZONE, `${request.evidenceDue}T23:59`) : null;
  const outcome = madeOr409(
    request.stage === 'opened'
      ? await deps.disputes.open(id, { ...move, reportedBy: 'support', providerDisputeId: null, reasonCode: request.reasonCode, evidenceDueAt }, null)
      : await deps.disputes.move(id, request.stage, move, null),
  );
  deps.log.info({ event: 'support.dispute_recorded', orderId, stage: request.stage, staff: staff.uid });
  return outcome;
}

/** POST /api/support/disputes/:orderId/write-off: the player's gem debt forgiven, recorded on the dispute's order. */
export async function writeOffDebt(deps: DisputeDeps, staff: Staff, orderId: string): Promise<number> {
  const outcome = await deps.disputes.writeOffDebt(await disputedOrderIdOf(deps, orderId), { at: Date.now(), source: 'support', actor: staff });
  if (!outcome.done) throw new HttpError(409, outcome.why);
  deps.log.info({ event: 'support.debt_written_off', orderId, gems: outcome.gems, staff: staff.uid });
  return outcome.gems;
}
