import { Link } from 'react-router-dom';
import { centsOfAmount, formatAud } from '../../../../shared/money';
import { disputeReasonText } from '../../../../shared/disputes/dispute';
import { DISPUTE_ORDER_PARAM, ROUTES } from '../../../../shared/routes';
import { errorMessage } from '../../../wiring/serverApi';
import { FormError } from '../../../components/form/FormFeedback';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { ColumnHeads } from '../components/ColumnHeads';
import { TableScroll } from '../components/supportTable';
import { disputesTexts as t } from './disputesTexts';
import { useDisputeQueueQuery } from './supportDisputesApi';

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
        <TableScroll>
          <table data-testid="dispute-queue">
            <ColumnHeads labels={[t.order, t.player, t.amount, t.reason, t.opened, t.evidenceDue, t.status]} />
            <tbody>
              {queue.map(({ dispute, playerEmail, productName }) => (
                <tr key={dispute.orderId}>
                  <td>
                    <Link to={`${ROUTES.supportDisputes}?${DISPUTE_ORDER_PARAM}=${dispute.orderId}`} aria-label={t.open(dispute.orderId)}>
                      {dispute.orderId}
                    </Link>
                  </td>
                  <td>{playerEmail ?? dispute.userId}</td>
                  <td>
                    {formatAud(centsOfAmount(dispute.amount))} ({productName})
                  </td>
                  <td>{disputeReasonText(dispute.reasonCode)}</td>
                  <td>{dateTime(dispute.openedAt)}</td>
                  <td>{dispute.evidenceDueAt ? dateTime(dispute.evidenceDueAt) : '—'}</td>
                  <td>
                    {t.statuses[dispute.status]}
                    {(dispute.round ?? 1) > 1 && ` (${t.round(dispute.round!)})`}
                    {dispute.unapplied?.length ? <strong>{`; ${t.needsReview(dispute.unapplied.length)}`}</strong> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Panel>
  );
}
