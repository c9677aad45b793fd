import { creditedGems, landedGemsText } from '../../../../shared/offers/offer';
import { isDisputedNow } from '../../../../shared/disputes/dispute';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatGatewayAmount, formatGemCount } from '../../../../shared/money';
import { playerStatusLine, playerStatusOf } from '../../../../shared/orders/playerStatus';
import { isStillWatched, wasSold } from '../../../../shared/orders/orderStatus';
import type { OrderView } from '../../../../shared/orders/orderView';
import { receiptPath } from '../../../../shared/routes';
import { isTransferUnderWay, paidByText } from '../../../../shared/payMethod';
import { errorMessage } from '../../../wiring/serverApi';
import { ButtonRow, LinkButton, SecondaryButton } from '../../../components/Button';
import { PackArt } from '../../../components/PackArt';
import { cancelKey, checkKey, useCancelOrderMutation, useCheckOrderMutation } from '../playerOrdersApi';
import { ordersTexts } from '../ordersTexts';
import { BuyAgainLink } from './BuyAgainLink';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { useFocusOnMount } from '../../../hooks/useFocusOnMount';
import { useFocusWhen } from '../../../hooks/useFocusWhen';
import { useAppConfig } from '../../../config/appConfig';

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
  /* Rounded, not a pill: a longer status (a bank transfer under way) wraps inside it. */
  border-radius: 14px;
  font-size: 0.9rem;
  color: ${({ theme, $tone }) => ($tone === 'good' ? theme.colors.onGold : theme.colors.text)};
  background: ${({ theme, $tone }) => ($tone === 'good' ? theme.colors.goldBright : $tone === 'waiting' ? theme.colors.surfaceRaised : 'transparent')};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'ended' ? theme.colors.border : 'transparent')};
`;

/** The order's links (Receipt, Buy Again), apart from each other wherever they wrap. */
const Links = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px 18px;
`;

const Tracker = styled.div`
  grid-column: 1 / -1;
  display: grid;
  gap: 8px;
  padding-top: 8px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  button,
  a[href] {
    justify-self: start;
    min-height: 40px;
    padding: 0.4em 1.2em;
    font-size: 0.95rem;
  }
`;

/**
 * One order of the history: what, when, how much, and where it stands; an unpaid one's actions, and Check
 * again while the provider's word can still change it.
 */
export function OrderRow({ order }: { order: OrderView }) {
  const { checkoutTtlMs } = useAppConfig();
  const { dateTime } = useStoreTime();
  const status = playerStatusOf(order);
  const titleId = `order-${order.orderId}`;
  // How it was paid, once it was: a transfer under way has not paid yet.
  const paidBy = wasSold(order.status) ? paidByText(order.payMethod) : null;
  const statusRef = useFocusWhen<HTMLParagraphElement>(useRequestAnswered(order.orderId));
  return (
    <Row aria-labelledby={titleId} data-order-id={order.orderId}>
      {order.packImage && <PackArt image={order.packImage} />}
      <h2 id={titleId}>{order.productName}</h2>
      <div>
        <Facts>
          <span data-testid="order-gems">{isDisputedNow(order.dispute) ? ordersTexts.gemsTakenBack(formatGemCount(creditedGems(order))) : landedGemsText(order)}</span> ·{' '}
          {formatGatewayAmount(order.amount)} · {dateTime(order.createdAt)}
        </Facts>
        {order.bonusWithheld && <Facts data-testid="order-bonus-withheld">{order.bonusWithheld}</Facts>}
        <Facts>
          {ordersTexts.orderNumber} {order.orderId}
        </Facts>
        {paidBy && <Facts data-testid="order-method">{paidBy}</Facts>}
        <p ref={statusRef} tabIndex={-1}>
          <Status $tone={status === 'Gems added' || status === 'Paid' ? 'good' : status === 'Not paid yet' ? 'waiting' : 'ended'} data-testid="order-status">
            {playerStatusLine(order)}
          </Status>
          {wasSold(order.status) && (
            <Links>
              <Link to={receiptPath(order.orderId)}>{ordersTexts.receipt}</Link>
              <BuyAgainLink packId={order.packId} productName={order.productName} />
            </Links>
          )}
        </p>
      </div>
      {order.status === 'pending' ? (
        // A bank transfer under way cannot be resumed: its status line says to wait for it, and the player may stop waiting.
        isTransferUnderWay(order) ? (
          <TransferActions order={order} titleId={titleId} />
        ) : (
          <UnpaidActions order={order} titleId={titleId} expiresAt={order.createdAt + checkoutTtlMs} />
        )
      ) : (
        isStillWatched(order, Date.now()) && (
          <Tracker>
            <p>{ordersTexts.lateWatch}</p>
            <CheckAgain order={order} titleId={titleId} />
          </Tracker>
        )
      )}
    </Row>
  );
}

/**
 * True once this order's Check again or Cancel has been answered, false while one is under way (or failed,
 * when its message takes focus instead): the answer shows in the order's status, so focus goes there.
 */
function useRequestAnswered(orderId: string): boolean {
  const [, check] = useCheckOrderMutation(checkKey(orderId));
  const [, cancel] = useCancelOrderMutation(cancelKey(orderId));
  return !check.isLoading && !check.isError && !cancel.isLoading && !cancel.isError;
}

/** Why Check again or Cancel failed: announced, and where focus goes (the button was disabled meanwhile). */
function RequestError({ children }: { children: string | null }) {
  const ref = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p role="alert" ref={ref} tabIndex={-1}>
      {children}
    </p>
  );
}

/** Check again: asks the provider now, and says when it last did. */
function CheckAgain({ order, titleId }: { order: OrderView; titleId: string }) {
  const [checkOrder, check] = useCheckOrderMutation(checkKey(order.orderId));
  const { time } = useStoreTime();
  // A cancelled order was cancelled with the provider: that was asking it.
  const lastAsked = (check.isSuccess ? check.fulfilledTimeStamp : undefined) ?? order.lastCheckedAt ?? (order.status === 'cancelled' ? order.updatedAt : null);
  return (
    <>
      <p role="status">
        {check.isLoading ? ordersTexts.checking : lastAsked ? ordersTexts.lastAsked(`at ${time(lastAsked)}`) : ordersTexts.notAskedYet}
      </p>
      {check.isError && <RequestError>{errorMessage(check.error)}</RequestError>}
      <SecondaryButton
        type="button"
        disabled={check.isLoading}
        onClick={() => void checkOrder(order.orderId)}
        aria-describedby={titleId}
      >
        {ordersTexts.checkAgain}
      </SecondaryButton>
    </>
  );
}

/** Cancel order (or Stop waiting): its button, and after it what became of the press (under way, or why not). */
function useCancelButton(order: OrderView, titleId: string, label: string, underWay: string) {
  const [cancelOrder, cancel] = useCancelOrderMutation(cancelKey(order.orderId));
  return {
    button: (
      <SecondaryButton type="button" disabled={cancel.isLoading} onClick={() => void cancelOrder(order.orderId)} aria-describedby={titleId}>
        {label}
      </SecondaryButton>
    ),
    feedback: (
      <>
        {cancel.isLoading && <p role="status">{underWay}</p>}
        {cancel.isError && <RequestError>{errorMessage(cancel.error)}</RequestError>}
      </>
    ),
  };
}

/** A bank transfer under way: the provider cannot cancel it, but the player may stop waiting for it (to pay another way). */
function TransferActions({ order, titleId }: { order: OrderView; titleId: string }) {
  const stop = useCancelButton(order, titleId, ordersTexts.stopWaiting, ordersTexts.stoppingWait);
  return (
    <Tracker data-testid="transfer-under-way">
      <p>{ordersTexts.stopWaitingNote}</p>
      {stop.button}
      {stop.feedback}
    </Tracker>
  );
}

/**
 * An unpaid order, in the player's hands: until when it can be paid, Resume payment (its checkout, in a new
 * tab, while it is open), Cancel order, and Check again for a payment the store has not heard of yet.
 */
function UnpaidActions({ order, titleId, expiresAt }: { order: OrderView; titleId: string; expiresAt: number }) {
  const cancel = useCancelButton(order, titleId, ordersTexts.cancelOrder, ordersTexts.cancelling);
  const { dateTime } = useStoreTime();
  const open = Date.now() < expiresAt;
  return (
    <Tracker data-testid="unpaid-order">
      <p>{open ? ordersTexts.notPaidYet(dateTime(expiresAt)) : ordersTexts.checkoutClosed}</p>
      <ButtonRow>
        {open && order.checkoutUrl && (
          <LinkButton href={order.checkoutUrl} target="_blank" rel="noopener" aria-describedby={titleId}>
            {ordersTexts.resume}
          </LinkButton>
        )}
        {cancel.button}
      </ButtonRow>
      {cancel.feedback}
      <CheckAgain order={order} titleId={titleId} />
    </Tracker>
  );
}
