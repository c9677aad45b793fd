import { centsOfAmount, formatAud } from '../../../../shared/money';
import { disputeReasonText } from '../../../../shared/disputes/dispute';
import { DISPUTE_ORDER_PARAM, ROUTES } from '../../../../shared/routes';
import { errorMessage } from '../../../wiring/serverApi';
import { FormError } from '../../../components/form/FormFeedback';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { disputesTexts as t } from './disputesTexts';
import { useDisputeQueueQuery } from './supportDisputesApi';
import { OrdersTable } from '../components/OrdersTable';

/** Every dispute, newest first: the order, the player, the amount, the bank's reason, when it opened and when evidence is due. */
export function DisputeQueuePanel() {
  const { data: queue, error, isLoading } = useDisputeQueueQuery();
  const { dateTime } = useStoreTime();
  return (
    <Panel aria-labelledby="disputes-heading" aria-busy={isLoading}>
      <h2 id="disputes-heading">{t.queueHeading}</h2>
      {error && <FormError>{errorMessage(error)}</FormError>}
      <p>{t.intro}</p>
      {queue?.length === 0 && <p>{t.empty}</p>}
      {queue && queue.length > 0 && (
        <OrdersTable
          testId="dispute-queue"
          labels={[t.order, t.player, t.amount, t.reason, t.opened, t.evidenceDue, t.status]}
          rows={queue}
          orderOf={({ dispute, playerEmail }) => ({ orderId: dispute.orderId, to: `${ROUTES.supportDisputes}?${DISPUTE_ORDER_PARAM}=${dispute.orderId}`, linkLabel: t.open(dispute.orderId), player: playerEmail ?? dispute.userId })}
          cells={({ dispute, productName }) => [
            `${formatAud(centsOfAmount(dispute.amount))} (${productName})`,
            disputeReasonText(dispute.reasonCode),
            dateTime(dispute.openedAt),
            dispute.evidenceDueAt ? dateTime(dispute.evidenceDueAt) : '—',
            <>
              {t.statuses[dispute.status]}
              {(dispute.round ?? 1) > 1 && ` (${t.round(dispute.round!)})`}
              {dispute.unapplied?.length ? <strong>{`; ${t.needsReview(dispute.unapplied.length)}`}</strong> : null}
            </>,
          ]}
        />
      )}
    </Panel>
  );
}
