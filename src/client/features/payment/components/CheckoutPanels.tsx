import { Link } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { gatewayAmount, type GemPack } from '../../../../shared/catalogue';
import { ROUTES, signInForItemPath } from '../../../../shared/routes';
import { useAppDispatch } from '../../../app/hooks';
import { Button, ButtonRow, buttonStyle, SecondaryButton, secondaryButtonStyle } from '../../../components/Button';
import { FocusedHeading } from '../../../components/FocusedHeading';
import { checkoutTexts } from '../checkoutTexts';
import {
  cancelledReturnDismissed,
  closeTabRequested,
  newOrderChosen,
  reopenRequested,
  resumeChosen,
  startedOver,
  type CheckoutEntry,
} from '../paymentSlice';
import { checkoutLeft } from '../checkoutActions';
import { OrderCard } from './OrderCard';

/** One step of the checkout: its heading takes focus and its region announces it. */
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
      {checkoutTexts.orderNumber}: <strong data-testid="order-number">{orderId}</strong>
    </OrderLine>
  );
}

/** awaitingPayment: the checkout is open in its tab (or blocked, with a button that opens it). */
export function AwaitingPaymentStep({ entry }: { entry: CheckoutEntry }) {
  const dispatch = useAppDispatch();
  const reopen = () => dispatch(reopenRequested({ attemptId: entry.attemptId }));
  return (
    <Step role="status" aria-labelledby="checkout-step-heading" data-checkout-phase="awaitingPayment">
      <FocusedHeading id="checkout-step-heading">{checkoutTexts.awaitingHeading}</FocusedHeading>
      <p>{checkoutTexts.awaitingText}</p>
      <OrderNumber orderId={entry.orderId} />
      {entry.tabBlocked ? (
        <>
          <Blocked>{checkoutTexts.tabBlocked}</Blocked>
          <ButtonRow>
            <Button type="button" onClick={reopen}>
              {checkoutTexts.openCheckout}
            </Button>
          </ButtonRow>
        </>
      ) : (
        <>
          <Waiting>
            <Spinner aria-hidden="true" />
            {checkoutTexts.waiting}
          </Waiting>
          <ButtonRow>
            <SecondaryButton type="button" onClick={reopen}>
              {checkoutTexts.showCheckout}
            </SecondaryButton>
          </ButtonRow>
        </>
      )}
    </Step>
  );
}

/** A payable order with no checkout tab here: "closed" only when this tab saw its tab close (the page title says the same). */
export function tabClosedHeading(entry: Pick<CheckoutEntry, 'checkoutTabUnknown'>): string {
  return entry.checkoutTabUnknown ? checkoutTexts.tabUnknownHeading : checkoutTexts.tabClosedHeading;
}

/** tabClosed: the player closed the checkout before paying. */
export function TabClosedStep({ entry }: { entry: CheckoutEntry }) {
  const dispatch = useAppDispatch();
  return (
    <Step role="alert" aria-labelledby="checkout-step-heading" data-checkout-phase="tabClosed">
      <FocusedHeading id="checkout-step-heading">{tabClosedHeading(entry)}</FocusedHeading>
      <p>{entry.checkoutTabUnknown ? checkoutTexts.tabUnknownText : checkoutTexts.tabClosedText}</p>
      <OrderNumber orderId={entry.orderId} />
      <ButtonRow>
        <Button type="button" onClick={() => dispatch(reopenRequested({ attemptId: entry.attemptId }))}>
          {checkoutTexts.reopen}
        </Button>
        <SecondaryButton type="button" onClick={() => dispatch(startedOver())}>
          {checkoutTexts.startOver}
        </SecondaryButton>
      </ButtonRow>
    </Step>
  );
}

/** paid / credited: the success card, in the tab the player started from. */
export function PaidStep({ entry, pack }: { entry: CheckoutEntry; pack: GemPack }) {
  const dispatch = useAppDispatch();
  const credited = entry.phase === 'credited';
  return (
    <Step role="status" aria-labelledby="checkout-step-heading" data-checkout-phase={entry.phase}>
      <OrderCard
        packId={pack.id}
        productName={pack.title}
        gemCount={pack.gemCount}
        amount={gatewayAmount(pack.priceCents)}
        orderId={entry.orderId ?? ''}
      >
        <FocusedHeading id="checkout-step-heading">{credited ? checkoutTexts.successHeading : checkoutTexts.paidNotCredited}</FocusedHeading>
      </OrderCard>
      <ButtonRow style={{ justifyContent: 'center' }}>
        <ContinueLink to={ROUTES.shop} onClick={() => dispatch(checkoutLeft())}>
          {checkoutTexts.continueShopping}
        </ContinueLink>
        <OrdersLink to={ROUTES.orders}>{checkoutTexts.yourOrders}</OrdersLink>
      </ButtonRow>
    </Step>
  );
}

/** A second Submit while an order still waits for payment. */
export function SecondOrderQuestion({ pendingTitle, pendingOrderId }: { pendingTitle: string; pendingOrderId: string }) {
  const dispatch = useAppDispatch();
  return (
    <Step role="alert" aria-labelledby="second-order-heading" data-testid="second-order-question">
      <FocusedHeading id="second-order-heading">{checkoutTexts.secondOrderHeading}</FocusedHeading>
      <p>{checkoutTexts.secondOrderText(pendingTitle, pendingOrderId)}</p>
      <ButtonRow>
        <Button type="button" onClick={() => dispatch(resumeChosen())}>
          {checkoutTexts.resume}
        </Button>
        <SecondaryButton type="button" onClick={() => dispatch(newOrderChosen())}>
          {checkoutTexts.startNew}
        </SecondaryButton>
      </ButtonRow>
    </Step>
  );
}

/** An anonymous visitor: the pack, and the way to sign in that comes back to it (spec: Buy → sign-in). */
export function SignInToBuyStep({ pack }: { pack: GemPack }) {
  return (
    <Step aria-labelledby="sign-in-to-buy-heading">
      <h2 id="sign-in-to-buy-heading">{checkoutTexts.signInToBuyHeading}</h2>
      <p>{checkoutTexts.signInToBuyText}</p>
      <ButtonRow>
        <ContinueLink to={signInForItemPath(pack.id)}>{checkoutTexts.signInToBuy}</ContinueLink>
      </ButtonRow>
    </Step>
  );
}

/** The checkout tab the provider sent back after its Cancel: back to the tab the player started from, not a second form. */
export function CancelledHereStep() {
  const dispatch = useAppDispatch();
  return (
    <Step role="status" aria-labelledby="checkout-step-heading" data-checkout-phase="cancelledHere">
      <FocusedHeading id="checkout-step-heading">{checkoutTexts.cancelledHereHeading}</FocusedHeading>
      <p>{checkoutTexts.cancelledHereText}</p>
      <ButtonRow>
        <Button type="button" onClick={() => dispatch(closeTabRequested())}>
          {checkoutTexts.closeThisTab}
        </Button>
        <SecondaryButton type="button" onClick={() => dispatch(cancelledReturnDismissed())}>
          {checkoutTexts.tryAgainHere}
        </SecondaryButton>
      </ButtonRow>
    </Step>
  );
}
