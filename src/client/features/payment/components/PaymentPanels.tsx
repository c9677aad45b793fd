import { Link } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import type { GemPack } from '../../../../shared/catalogue';
import { gatewayAmount } from '../../../../shared/money';
import { PAYID_WAITING } from '../../../../shared/payMethod';
import { ROUTES, signInForItemPath } from '../../../../shared/routes';
import { useAppDispatch } from '../../../wiring/hooks';
import { Button, ButtonRow, buttonStyle, SecondaryButton, secondaryButtonStyle } from '../../../components/Button';
import { FocusedHeading } from '../../../components/FocusedHeading';
import { paymentTexts } from '../paymentTexts';
import { cancelledReturnDismissed, closeTabRequested, newOrderChosen, reopenRequested, resumeChosen, startedOver, type PaymentAttempt } from '../paymentSlice';
import { paymentLeft } from '../paymentActions';
import { OrderCard } from './OrderCard';

/** One step of a payment: its heading takes focus and its region announces it. */
const Step = styled.section`
  display: grid;
  gap: 14px;

  h2 {
    margin: 0;
    font-size: 1.35rem;
    color: ${({ theme }) => theme.colors.goldBright};
  }
  h2:focus {
    outline: none;
  }
  p {
    margin: 0;
  }
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

export const Spinner = styled.span`
  display: inline-block;
  flex: none;
  width: 22px;
  height: 22px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.gold};
  animation: ${spin} 900ms linear infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Waiting = styled.p`
  display: flex;
  align-items: center;
  gap: 10px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const OrderLine = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  strong {
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
  }
`;

const Blocked = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 700;
`;

const ContinueLink = styled(Link)`
  ${buttonStyle}
`;

const OrdersLink = styled(Link)`
  ${secondaryButtonStyle}
`;

function OrderNumber({ orderId }: { orderId: string | null }) {
  if (!orderId) return null;
  return (
    <OrderLine>
      {paymentTexts.orderNumber}: <strong data-testid="order-number">{orderId}</strong>
    </OrderLine>
  );
}

/** awaitingPayment: the checkout is open in its tab (or blocked, with a button that opens it). */
export function AwaitingPaymentStep({ entry }: { entry: PaymentAttempt }) {
  const dispatch = useAppDispatch();
  const reopen = () => dispatch(reopenRequested({ paymentId: entry.paymentId }));
  return (
    <Step role="status" aria-labelledby="payment-step-heading" data-payment-phase="awaitingPayment">
      <FocusedHeading id="payment-step-heading">{paymentTexts.awaitingHeading}</FocusedHeading>
      <p>{paymentTexts.awaitingText}</p>
      <OrderNumber orderId={entry.orderId} />
      {entry.tabBlocked ? (
        <>
          <Blocked>{paymentTexts.tabBlocked}</Blocked>
          <ButtonRow>
            <Button type="button" onClick={reopen}>
              {paymentTexts.openCheckout}
            </Button>
          </ButtonRow>
        </>
      ) : (
        <>
          <Waiting>
            <Spinner aria-hidden="true" />
            {paymentTexts.waiting}
          </Waiting>
          <ButtonRow>
            <SecondaryButton type="button" onClick={reopen}>
              {paymentTexts.showCheckout}
            </SecondaryButton>
          </ButtonRow>
        </>
      )}
    </Step>
  );
}

/** A payable order with no checkout tab here: "closed" only when this tab saw its tab close (the page title says the same). */
export function tabClosedHeading(entry: Pick<PaymentAttempt, 'checkoutTabUnknown'>): string {
  return entry.checkoutTabUnknown ? paymentTexts.tabUnknownHeading : paymentTexts.tabClosedHeading;
}

/** tabClosed: the player closed the checkout before paying. */
export function TabClosedStep({ entry }: { entry: PaymentAttempt }) {
  const dispatch = useAppDispatch();
  return (
    <Step role="alert" aria-labelledby="payment-step-heading" data-payment-phase="tabClosed">
      <FocusedHeading id="payment-step-heading">{tabClosedHeading(entry)}</FocusedHeading>
      <p>{entry.checkoutTabUnknown ? paymentTexts.tabUnknownText : paymentTexts.tabClosedText}</p>
      <OrderNumber orderId={entry.orderId} />
      <ButtonRow>
        <Button type="button" onClick={() => dispatch(reopenRequested({ paymentId: entry.paymentId }))}>
          {paymentTexts.reopen}
        </Button>
        <SecondaryButton type="button" onClick={() => dispatch(startedOver())}>
          {paymentTexts.startOver}
        </SecondaryButton>
      </ButtonRow>
    </Step>
  );
}

/**
 * transferUnderWay: paid by PayID, the bank's money not landed yet. Never "not paid": there is nothing to reopen or
 * start over (a second payment would be paid twice); the page turns to the paid card by itself when the money lands.
 */
export function TransferStep({ orderId }: { orderId: string | null }) {
  return (
    <Step role="status" aria-labelledby="payment-step-heading" data-payment-phase="transferUnderWay">
      <FocusedHeading id="payment-step-heading">{paymentTexts.transferHeading}</FocusedHeading>
      <TransferNews orderId={orderId} />
    </Step>
  );
}

/** What a transfer under way means for the player, its order number, and where to follow it (the success page says the same). */
export function TransferNews({ orderId }: { orderId: string | null }) {
  return (
    <>
      <p>{PAYID_WAITING}</p>
      <OrderNumber orderId={orderId} />
      <ButtonRow>
        <OrdersLink to={ROUTES.orders}>{paymentTexts.transferOrders}</OrdersLink>
      </ButtonRow>
    </>
  );
}

/** paid / credited: the success card, in the tab the player started from. */
export function PaidStep({ entry, pack }: { entry: PaymentAttempt; pack: GemPack }) {
  const dispatch = useAppDispatch();
  const credited = entry.phase === 'credited';
  return (
    <Step role="status" aria-labelledby="payment-step-heading" data-payment-phase={entry.phase}>
      <OrderCard
        packImage={pack.image}
        productName={entry.soldAs?.title ?? pack.title}
        gems={entry.gives ?? { gemCount: pack.gemCount, bonusGems: 0, offerTitle: null }}
        amount={entry.soldAs?.amount ?? gatewayAmount(pack.priceCents)}
        orderId={entry.orderId ?? ''}
        giftTo={entry.soldAs?.giftTo ?? null}
      >
        <FocusedHeading id="payment-step-heading">{credited ? paymentTexts.successHeading : paymentTexts.paidNotCredited}</FocusedHeading>
      </OrderCard>
      <ButtonRow style={{ justifyContent: 'center' }}>
        <ContinueLink to={ROUTES.shop} onClick={() => dispatch(paymentLeft())}>
          {paymentTexts.continueShopping}
        </ContinueLink>
        <OrdersLink to={ROUTES.orders}>{paymentTexts.yourOrders}</OrdersLink>
      </ButtonRow>
    </Step>
  );
}

/** A second Submit while an order still waits for payment. */
export function SecondOrderQuestion({ pendingTitle, pendingOrderId }: { pendingTitle: string; pendingOrderId: string }) {
  const dispatch = useAppDispatch();
  return (
    <Step role="alert" aria-labelledby="second-order-heading" data-testid="second-order-question">
      <FocusedHeading id="second-order-heading">{paymentTexts.secondOrderHeading}</FocusedHeading>
      <p>{paymentTexts.secondOrderText(pendingTitle, pendingOrderId)}</p>
      <ButtonRow>
        <Button type="button" onClick={() => dispatch(resumeChosen())}>
          {paymentTexts.resume}
        </Button>
        <SecondaryButton type="button" onClick={() => dispatch(newOrderChosen())}>
          {paymentTexts.startNew}
        </SecondaryButton>
      </ButtonRow>
    </Step>
  );
}

/** An anonymous visitor: the pack, and the way to sign in that comes back to it (spec: Buy → sign-in). */
export function SignInToBuyStep({ pack }: { pack: GemPack }) {
  return (
    <Step aria-labelledby="sign-in-to-buy-heading">
      <h2 id="sign-in-to-buy-heading">{paymentTexts.signInToBuyHeading}</h2>
      <p>{paymentTexts.signInToBuyText}</p>
      <ButtonRow>
        <ContinueLink to={signInForItemPath(pack.id)}>{paymentTexts.signInToBuy}</ContinueLink>
      </ButtonRow>
    </Step>
  );
}

/** The checkout tab the provider sent back after its Cancel: back to the tab the player started from, not a second form. */
export function CancelledHereStep() {
  const dispatch = useAppDispatch();
  return (
    <Step role="status" aria-labelledby="payment-step-heading" data-payment-phase="cancelledHere">
      <FocusedHeading id="payment-step-heading">{paymentTexts.cancelledHereHeading}</FocusedHeading>
      <p>{paymentTexts.cancelledHereText}</p>
      <ButtonRow>
        <Button type="button" onClick={() => dispatch(closeTabRequested())}>
          {paymentTexts.closeThisTab}
        </Button>
        <SecondaryButton type="button" onClick={() => dispatch(cancelledReturnDismissed())}>
          {paymentTexts.tryAgainHere}
        </SecondaryButton>
      </ButtonRow>
    </Step>
  );
}
