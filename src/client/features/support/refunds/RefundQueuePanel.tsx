import { centsOfAmount, formatAud, formatGemCount } from '../../../../shared/money';
import { supportOrderPath } from '../../../../shared/routes';
import { describeReplyDue } from '../../../../shared/support/replyDue';
import { errorMessage } from '../../../wiring/serverApi';
import { FormError } from '../../../components/form/FormFeedback';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { useRefundQueueQuery } from './supportRefundsApi';
import { supportTexts } from '../supportTexts';
import { OrdersTable } from '../components/OrdersTable';

/** The day a reply is due (a calendar date, kept as midnight UTC). */
const dueDay = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });

/** Requested refunds, oldest first, with the working days left of the 3-day promise. */
export function RefundQueuePanel() {
  const { data: entries, error, isLoading } = useRefundQueueQuery();
  const { dateTime } = useStoreTime();
  const t = supportTexts;
  return (
    <Panel aria-labelledby="queue-heading" aria-busy={isLoading}>
      <h2 id="queue-heading">{t.queueHeading}</h2>
      <p>{t.queueIntro}</p>
      {error && <FormError>{errorMessage(error)}</FormError>}
      {entries?.length === 0 && <p>{t.queueEmpty}</p>}
      {entries && entries.length > 0 && (
        <OrdersTable
          testId="refund-queue"
          labels={[t.order, t.player, t.item, t.requested, t.replyDue]}
          rows={entries}
          orderOf={(entry) => ({ orderId: entry.request.orderId, to: supportOrderPath(entry.request.orderId), player: entry.playerEmail ?? entry.userId })}
          cells={(entry) => [
            `${entry.productName} (${formatGemCount(entry.gemCount)} gems), ${formatAud(centsOfAmount(entry.amount))}`,
            dateTime(entry.request.createdAt),
            <>
              {dueDay.format(entry.replyDue.dueDate)}: <strong>{describeReplyDue(entry.replyDue)}</strong>
            </>,
          ]}
        />
      )}
    </Panel>
  );
}
