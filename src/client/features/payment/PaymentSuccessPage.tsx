import { giftTexts } from '../../../shared/gifts/gift';
import { useDeferredValue, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { isOrderSettled, type OrderView } from '../../../shared/orders/orderView';
import { ORDER_PARAM, receiptPath, ROUTES, shopItemPath } from '../../../shared/routes';
import { ORDER_ID_PATTERN } from '../../../shared/paymentProtocol';
import { useAppDispatch, useAppSelector } from '../../wiring/hooks';
import { Button, ButtonRow, buttonStyle, secondaryButtonStyle } from '../../components/Button';
import { FormError } from '../../components/form/FormFeedback';
import { PageSection } from '../../components/Page';
import { useAfterDelay } from '../../hooks/useAfterDelay';
import { useFocusOnMount } from '../../hooks/useFocusOnMount';
import { usePageTitle } from '../../hooks/usePageTitle';
import { paymentTexts } from './paymentTexts';
import { confirmationClosed, confirmationOpened, selectConfirmation } from './confirmationSlice';
import type { ConfirmationState } from './confirmationSlice';
import { Spinner, TransferNews } from './components/PaymentPanels';
import { isTransferUnderWay } from '../../../shared/payMethod';
import { OrderCard } from './components/OrderCard';

const Card = styled.section`
  max-width: 560px;
  margin: 0 auto;
  padding: clamp(24px, 5vw, 40px);
  text-align: center;
  border-radius: ${({ theme }) => theme.radius.large};
  border: 1px solid rgba(233, 185, 73, 0.35);
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
  display: grid;
  gap: 16px;
  justify-items: center;

  h1 {
    margin: 0;
    color: ${({ theme }) => theme.colors.goldBright};
  }
  h1:focus {
    outline: none;
  }
  p {
    margin: 0;
  }
`;

const PrimaryLink = styled(Link)`
  ${buttonStyle}
`;

const SecondaryLink = styled(Link)`
  ${secondaryButtonStyle}
`;

/** Its room is kept from the first frame; it shows, turning, only once the wait is long enough to notice. */
const BigSpinner = styled(Spinner)`
  width: 40px;
  height: 40px;
  border-width: 4px;

  &:not([data-shown]) {
    visibility: hidden;
    animation: none;
  }
`;

/** How long the page waits for an order before it shows its spinner: most answers come sooner. */
const SPINNER_DELAY_MS = 600;

type View = 'nothing' | 'loading' | 'signIn' | 'loadFailed' | 'confirming' | 'transfer' | 'paid' | 'notPaid' | 'refunded';

/**
 * What the page shows for the order in its address, given the store's confirmation of that order. Until the
 * store has been asked for it (`null`: the page's first frame, before its effect runs) it is loading, never
 * "no payment to confirm" for an order that was paid.
 */
function viewOf(orderId: string | null, confirmation: ConfirmationState | null): View {
  if (!orderId) return 'nothing';
  if (!confirmation) return 'loading';
  const { order, status, error } = confirmation;
  if (!order) {
    if (status === 'failed') return error?.failure === 'signIn' ? 'signIn' : 'loadFailed';
    return 'loading';
  }
  if (order.status === 'paid' && order.credited) return 'paid';
  if (order.status === 'refunded') return 'refunded';
  if (isOrderSettled(order)) return 'notPaid';
  // Paid by PayID: the bank's money is on its way (hours, not seconds), and the page says so, not "confirming".
  if (isTransferUnderWay(order)) return 'transfer';
  return 'confirming';
}

const TITLES: Record<View, string> = {
  nothing: paymentTexts.nothingHeading,
  loading: paymentTexts.confirmingHeading,
  signIn: paymentTexts.signInToSeeHeading,
  loadFailed: paymentTexts.loadFailedHeading,
  confirming: paymentTexts.confirmingHeading,
  transfer: paymentTexts.transferHeading,
  paid: paymentTexts.successHeading,
  notPaid: paymentTexts.notPaidHeading,
  refunded: paymentTexts.refundedHeading,
};

/** The page's heading: focused when the view changes, so the news is where the player is. */
function Heading({ view }: { view: View }) {
  const ref = useFocusOnMount<HTMLHeadingElement>();
  return (
    <h1 ref={ref} tabIndex={-1}>
      {TITLES[view]}
    </h1>
  );
}

function orderCard(order: OrderView) {
  return (
    <OrderCard
      packImage={order.packImage}
      productName={order.productName}
      gems={order}
      amount={order.amount}
      orderId={order.orderId}
      giftTo={order.gift ? giftTexts.receiptLine(order.gift.maskedName, order.gift.tag) : null}
    />
  );
}

/**
 * /payment-success?order=…: "Payment is Successful" with the order card once the provider has confirmed;
 * until then a live "confirming" state. It reads the order itself, so a reload shows the same. Opening it
 * also re-checks the player's recent pending payments (docs/storefront.md, Screens).
 */
export default function PaymentSuccessPage() {
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const given = searchParams.get(ORDER_PARAM);
  const orderId = given && ORDER_ID_PATTERN.test(given) ? given : null;
  // The order that an answer or a snapshot brings renders deferred: react-redux's store subscription renders
  // synchronously, as one task, where a deferred render yields to the player's input as it builds the card.
  const confirmation = useDeferredValue(useAppSelector(selectConfirmation));
  const ofThisOrder = confirmation.orderId === orderId ? confirmation : null;
  const view = viewOf(orderId, ofThisOrder);
  const order = ofThisOrder?.order ?? null;
  const error = ofThisOrder?.error ?? null;
  usePageTitle(TITLES[view]);

  useEffect(() => {
    dispatch(confirmationOpened({ orderId }));
    return () => {
      dispatch(confirmationClosed());
    };
  }, [dispatch, orderId]);

  const waiting = view === 'loading' || view === 'confirming';
  const spinner = useAfterDelay(waiting, SPINNER_DELAY_MS);

  const live = view === 'paid' || view === 'transfer' || waiting ? 'status' : 'alert';
  return (
    <PageSection>
      <Card role={live} aria-labelledby="payment-success-heading" data-payment-view={view}>
        <Heading key={view} view={view} />
        {waiting && (
          <>
            <BigSpinner aria-hidden="true" data-shown={spinner || undefined} data-testid="confirming-spinner" />
            <p>{paymentTexts.confirmingText}</p>
            {order && (
              <p>
                {order.productName} · {paymentTexts.orderNumber}: <strong data-testid="order-number">{order.orderId}</strong>
              </p>
            )}
          </>
        )}
        {view === 'transfer' && order && <TransferNews orderId={order.orderId} />}
        {view === 'paid' && order && (
          <>
            {orderCard(order)}
            <ButtonRow style={{ justifyContent: 'center' }}>
              <PrimaryLink to={ROUTES.shop}>{paymentTexts.continueShopping}</PrimaryLink>
              <SecondaryLink to={receiptPath(order.orderId)}>{paymentTexts.receipt}</SecondaryLink>
            </ButtonRow>
          </>
        )}
        {view === 'notPaid' && order && (
          <>
            <p>{paymentTexts.notCompleted}</p>
            <p>
              {order.productName} · {paymentTexts.orderNumber}: <strong data-testid="order-number">{order.orderId}</strong>
            </p>
            <ButtonRow style={{ justifyContent: 'center' }}>
              {order.packId !== null && <PrimaryLink to={shopItemPath(order.packId)}>{paymentTexts.tryAgainPack}</PrimaryLink>}
              <SecondaryLink to={ROUTES.shop}>{paymentTexts.backToShop}</SecondaryLink>
            </ButtonRow>
          </>
        )}
        {view === 'refunded' && <p>{paymentTexts.refundedText}</p>}
        {view === 'signIn' && (
          <>
            <p>{paymentTexts.signInToSeeText}</p>
            <PrimaryLink to={ROUTES.signInSignUp}>{paymentTexts.signIn}</PrimaryLink>
          </>
        )}
        {view === 'loadFailed' && (
          <>
            <FormError>{error?.message ?? ''}</FormError>
            <Button type="button" onClick={() => dispatch(confirmationOpened({ orderId }))}>
              {paymentTexts.retry}
            </Button>
          </>
        )}
        {view === 'nothing' && (
          <>
            <p>{paymentTexts.nothingText}</p>
            <PrimaryLink to={ROUTES.shop}>{paymentTexts.continueShopping}</PrimaryLink>
          </>
        )}
      </Card>
    </PageSection>
  );
}
