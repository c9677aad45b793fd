import styled from 'styled-components';
import { useAppSelector } from '../../../app/hooks';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { selectCheckout, selectOrderStatus } from '../paymentSlice';
import { paymentTexts, statusLabel } from '../paymentTexts';

const Panel = styled.div`
  display: grid;
  gap: 10px;

  a {
    font-weight: 700;
  }
`;

/** Where the pack's checkout stands: starting, waiting in the new tab (live), paid, or what went wrong. */
export function PaymentProgress({ packId }: { packId: number }) {
  const checkout = useAppSelector(selectCheckout);
  const status = useAppSelector((state) => selectOrderStatus(state, checkout.orderId));
  if (checkout.packId !== packId || checkout.phase === 'idle') return null;

  if (checkout.phase === 'failed') return <FormError>{checkout.error ?? ''}</FormError>;
  if (checkout.phase === 'starting') return <FormStatus>{paymentTexts.starting}</FormStatus>;
  return (
    <Panel data-testid="payment-progress">
      {checkout.tabOpened ? (
        <FormStatus>{paymentTexts.completeInTab}</FormStatus>
      ) : (
        <FormError>{paymentTexts.tabBlocked}</FormError>
      )}
      {!checkout.tabOpened && checkout.checkoutUrl && (
        <a href={checkout.checkoutUrl} target="_blank" rel="noopener noreferrer">
          {paymentTexts.openCheckout}
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </a>
      )}
      <p aria-live="polite" data-order-status={status ?? 'pending'}>
        {statusLabel(status)}
      </p>
    </Panel>
  );
}
