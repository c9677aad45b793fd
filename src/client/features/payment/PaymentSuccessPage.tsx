import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { ROUTES } from '../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { buttonStyle } from '../../components/Button';
import { FormError } from '../../components/form/FormFeedback';
import { PageSection } from '../../components/Page';
import { usePageTitle } from '../../hooks/usePageTitle';
import { paymentSuccessOpened, selectConfirmation, selectOrderStatus } from './paymentSlice';
import { paymentTexts } from './paymentTexts';

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
  p {
    margin: 0;
  }
`;

const ContinueLink = styled(Link)`
  ${buttonStyle}
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Spinner = styled.span`
  width: 40px;
  height: 40px;
  border-radius: 50%;
  border: 4px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.gold};
  animation: ${spin} 900ms linear infinite;
`;

type View = 'confirming' | 'paid' | 'notPaid' | 'nothing';

function viewFor(orderId: string | null, status: string | null, confirming: boolean): View {
  if (status === 'paid') return 'paid';
  if (status === 'failed' || status === 'cancelled') return 'notPaid';
  if (!orderId) return 'nothing';
  return confirming || status === 'pending' || status === null ? 'confirming' : 'notPaid';
}

/**
 * /payment-success: "Payment is Successful" once the provider has confirmed; until then a live
 * "confirming" state. Opening it re-checks the player's recent pending payments (spec §2).
 */
export default function PaymentSuccessPage() {
  const dispatch = useAppDispatch();
  const confirmation = useAppSelector(selectConfirmation);
  const liveStatus = useAppSelector((state) => selectOrderStatus(state, confirmation.orderId));
  const view = viewFor(confirmation.orderId, liveStatus ?? confirmation.status, confirmation.confirming);
  usePageTitle(view === 'paid' ? paymentTexts.successHeading : paymentTexts.confirmingHeading);

  useEffect(() => {
    dispatch(paymentSuccessOpened());
  }, [dispatch]);

  return (
    <PageSection>
      <Card aria-live="polite" data-payment-view={view}>
        {view === 'paid' && (
          <>
            <h1>{paymentTexts.successHeading}</h1>
            <ContinueLink to={ROUTES.shop}>{paymentTexts.continueShopping}</ContinueLink>
          </>
        )}
        {view === 'confirming' && (
          <>
            <Spinner aria-hidden="true" />
            <h1>{paymentTexts.confirmingHeading}</h1>
            <p>{paymentTexts.confirmingText}</p>
          </>
        )}
        {view === 'notPaid' && (
          <>
            <h1>{paymentTexts.notPaidHeading}</h1>
            <p>{paymentTexts.notCompleted}</p>
            <ContinueLink to={ROUTES.shop}>{paymentTexts.backToShop}</ContinueLink>
          </>
        )}
        {view === 'nothing' && (
          <>
            <h1>{paymentTexts.nothingHeading}</h1>
            <p>{paymentTexts.nothingText}</p>
            <ContinueLink to={ROUTES.shop}>{paymentTexts.continueShopping}</ContinueLink>
          </>
        )}
        {confirmation.error && <FormError>{confirmation.error}</FormError>}
      </Card>
    </PageSection>
  );
}
