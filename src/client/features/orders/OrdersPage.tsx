import { useDeferredValue, useEffect } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ROUTES } from '../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../wiring/hooks';
import { SecondaryButton } from '../../components/Button';
import { FormError } from '../../components/form/FormFeedback';
import { PageHeading, PageSection } from '../../components/Page';
import { usePageTitle } from '../../hooks/usePageTitle';
import { selectIsSignedIn, selectUser } from '../auth';
import { MonthTotal, PurchaseNotice } from '../protections';
import { GemStatement } from '../statement';
import { OrderRow } from './components/OrderRow';
import { RememberedDetails } from './components/RememberedDetails';
import { olderRequested, ordersClosed, ordersOpened, selectHasOlder, selectOrders, selectOrdersError, selectOrdersLoaded } from './transactionsSlice';
import { ordersTexts } from './ordersTexts';

const List = styled.div`
  display: grid;
  gap: 14px;
  margin-top: 20px;
  /* Space for the first rows while they load, so nothing below jumps. */
  min-height: 120px;
`;

const MadeHere = styled.div`
  margin-top: 20px;
`;


/** /account/orders: the signed-in player's orders, newest first, live, 20 a page. */
export default function OrdersPage() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  // Signed in with the game and not confirmed for personal data: the list holds the orders this browser made.
  const session = useAppSelector(selectUser)?.storeSession;
  const madeHereOnly = session !== undefined && !session.personalData;
  // Deferred, all four together (so no frame shows a loaded list without its rows): the rows that a snapshot
  // brings build in a render that yields to input (see PaymentSuccessPage).
  const orders = useDeferredValue(useAppSelector(selectOrders));
  const loaded = useDeferredValue(useAppSelector(selectOrdersLoaded));
  const hasOlder = useDeferredValue(useAppSelector(selectHasOlder));
  const error = useDeferredValue(useAppSelector(selectOrdersError));
  usePageTitle(ordersTexts.heading);

  // Opened again when the game confirms this browser for all the orders.
  useEffect(() => {
    if (!signedIn) return undefined;
    dispatch(ordersOpened());
    return () => {
      dispatch(ordersClosed());
    };
  }, [dispatch, signedIn, madeHereOnly]);

  return (
    <PageSection>
      <PageHeading>{ordersTexts.heading}</PageHeading>
      {!signedIn ? (
        <p>
          <Link to={ROUTES.signInSignUp}>{ordersTexts.signIn}</Link>
        </p>
      ) : (
        <>
          <p>{ordersTexts.intro}</p>
          <MonthTotal />
          {/* While a dispute pauses buying, no order offers Buy Again: this says why. */}
          <PurchaseNotice />
          <p>
            <Link to={ROUTES.limits}>{ordersTexts.limitsLink}</Link> · <Link to={ROUTES.privacy}>{ordersTexts.yourDataLink}</Link>
          </p>
          {/* Above the list, whose rows arrive after the first frame: nothing moves it. */}
          <RememberedDetails />
          {madeHereOnly && (
            <MadeHere data-testid="orders-made-here">
              <p>
                {ordersTexts.madeHere} <Link to={ROUTES.signInSignUp}>{ordersTexts.confirmInGame}</Link>
              </p>
            </MadeHere>
          )}
          {error && <FormError>{error}</FormError>}
          <List aria-busy={!loaded} data-testid="order-list">
            {orders.map((order) => (
              <OrderRow key={order.orderId} order={order} />
            ))}
            {loaded && orders.length === 0 && (
              <p>
                {ordersTexts.empty} <Link to={ROUTES.shop}>{ordersTexts.toShop}</Link>
              </p>
            )}
          </List>
          {hasOlder && (
            <p>
              <SecondaryButton type="button" onClick={() => dispatch(olderRequested())}>
                {ordersTexts.older}
              </SecondaryButton>
            </p>
          )}
          {/* Below the list, and shown with its rows (which arrive after the first frame): nothing above them moves,
              and nothing below is pushed down as they come (CLS 0). */}
          {loaded && <GemStatement />}
        </>
      )}
    </PageSection>
  );
}
