import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { centsOfAmount, findPack, formatAud, formatGemCount } from '../../../../shared/catalogue';
import { playerStatusOf } from '../../../../shared/orders/playerStatus';
import { isStillWatched } from '../../../../shared/orders/orderStatus';
import type { OrderView } from '../../../../shared/orders/orderView';
import { receiptPath } from '../../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SecondaryButton } from '../../../components/Button';
import { PackArt } from '../../../components/PackArt';
import { checkRequested, selectCheck } from '../transactionsSlice';
import { ordersTexts } from '../ordersTexts';
import { useStoreTime } from '../../../hooks/useStoreTime';

const Row = styled.article`
  display: grid;
  grid-template-columns: 72px 1fr;
  gap: 6px 16px;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radius.medium};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  svg {
    width: 72px;
    height: 54px;
    grid-row: span 2;
  }
  h2 {
    margin: 0;
    font-size: 1.1rem;
    color: ${({ theme }) => theme.colors.goldBright};
  }
  p {
    margin: 0;
  }
`;

const Facts = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Status = styled.strong<{ $tone: 'good' | 'waiting' | 'ended' }>`
  display: inline-block;
  margin-right: 10px;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 0.9rem;
  color: ${({ theme, $tone }) => ($tone === 'good' ? theme.colors.onGold : theme.colors.text)};
  background: ${({ theme, $tone }) => ($tone === 'good' ? theme.colors.goldBright : $tone === 'waiting' ? theme.colors.surfaceRaised : 'transparent')};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'ended' ? theme.colors.border : 'transparent')};
`;

const Tracker = styled.div`
  grid-column: 1 / -1;
  display: grid;
  gap: 8px;
  padding-top: 8px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  button {
    justify-self: start;
    min-height: 40px;
    padding: 0.4em 1.2em;
    font-size: 0.95rem;
  }
`;

/** One order of the history: what, when, how much, and where it stands; Check again while the provider's word can still change it. */
export function OrderRow({ order }: { order: OrderView }) {
  const dispatch = useAppDispatch();
  const check = useAppSelector((state) => selectCheck(state, order.orderId));
  const { dateTime, time } = useStoreTime();
  const pack = order.packId === null ? undefined : findPack(order.packId);
  const status = playerStatusOf(order);
  const cents = centsOfAmount(order.amount);
  const titleId = `order-${order.orderId}`;
  const lastAsked = check?.at ?? order.lastCheckedAt;
  return (
    <Row aria-labelledby={titleId} data-order-id={order.orderId}>
      {pack && <PackArt pack={pack} />}
      <h2 id={titleId}>{order.productName}</h2>
      <div>
        <Facts>
          {formatGemCount(order.gemCount)} gems · {Number.isNaN(cents) ? order.amount : formatAud(cents)} · {dateTime(order.createdAt)}
        </Facts>
        <Facts>
          {ordersTexts.orderNumber} {order.orderId}
        </Facts>
        <p>
          <Status $tone={status === 'Gems added' || status === 'Paid' ? 'good' : status === 'Waiting for payment' ? 'waiting' : 'ended'} data-testid="order-status">
            {status}
          </Status>
          {(order.status === 'paid' || order.status === 'refunded') && <Link to={receiptPath(order.orderId)}>{ordersTexts.receipt}</Link>}
        </p>
      </div>
      {isStillWatched(order, Date.now()) && (
        <Tracker>
          <p>{order.status === 'pending' ? ordersTexts.waiting : ordersTexts.lateWatch}</p>
          <p role="status">
            {check?.status === 'checking' ? ordersTexts.checking : lastAsked ? ordersTexts.lastAsked(`at ${time(lastAsked)}`) : ordersTexts.notAskedYet}
          </p>
          {check?.status === 'failed' && <p role="alert">{check.error}</p>}
          <SecondaryButton
            type="button"
            disabled={check?.status === 'checking'}
            onClick={() => dispatch(checkRequested({ orderId: order.orderId }))}
            aria-describedby={titleId}
          >
            {ordersTexts.checkAgain}
          </SecondaryButton>
        </Tracker>
      )}
    </Row>
  );
}
