import { lazy, startTransition, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ROUTES } from '../../../../shared/routes';
import { errorMessage } from '../../../wiring/serverApi';
import { ButtonRow, SecondaryButton } from '../../../components/Button';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { Panel } from '../../../components/Panel';
import { refundKey, useRefundStandingQuery, useRequestRefundMutation } from '../playerOrdersApi';
import { ordersTexts } from '../ordersTexts';
import { useStoreTime } from '../../../hooks/useStoreTime';

const RefundSection = styled(Panel)`
  max-width: 720px;
  margin-top: 24px;
`;

/**
 * The request's form, and the validation rules it brings (zod, 26 kB gzip), load when the player asks to write
 * it, not with the receipt: a receipt's first paint waits for every script it loads first.
 */
const RefundForm = lazy(() => import(/* webpackChunkName: "refund-form" */ './RefundForm'));

const Quote = styled.blockquote`
  margin: 0;
  padding-left: 12px;
  border-left: 3px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

/** The receipt's refund section: the request and its answer, the offer when the policy allows one, or why not. */
export function RefundPanel({ orderId }: { orderId: string }) {
  const { data: standing, error: readFailure, isLoading } = useRefundStandingQuery(orderId);
  const [, sent] = useRequestRefundMutation(refundKey(orderId));
  const { dateTime } = useStoreTime();
  const [open, setOpen] = useState(false);
  const request = standing?.request ?? null;
  const eligibility = standing?.eligibility ?? null;

  let body;
  if (!standing && !readFailure) {
    body = <p>{ordersTexts.refundLoading}</p>;
  } else if (!standing) {
    body = <FormError>{errorMessage(readFailure)}</FormError>;
  } else if (request) {
    body = (
      <>
        {sent.isSuccess && <FormStatus takeFocus>{ordersTexts.refundSent}</FormStatus>}
        <p data-testid="refund-state">
          {request.status === 'requested' && ordersTexts.refundRequestedOn(dateTime(request.createdAt))}
          {request.status === 'declined' && ordersTexts.refundDeclined(request.declineReason ?? '')}
          {request.status === 'approving' && ordersTexts.refundApproving}
          {request.status === 'approval_failed' && ordersTexts.refundApprovalFailed}
          {request.status === 'refunded' && ordersTexts.refundRefunded}
        </p>
        <div>
          <p>{ordersTexts.refundYourReason}:</p>
          <Quote>{request.reason}</Quote>
        </div>
      </>
    );
  } else if (eligibility?.eligible) {
    body = (
      <>
        <p>{ordersTexts.refundOffer}</p>
        {sent.isError && <FormError takeFocus>{errorMessage(sent.error)}</FormError>}
        {open ? (
          <RefundForm orderId={orderId} onCancel={() => setOpen(false)} />
        ) : (
          <ButtonRow>
            {/* In a transition, the button stays until the form's code is here, then the form takes its place. */}
            <SecondaryButton type="button" onClick={() => startTransition(() => setOpen(true))}>
              {ordersTexts.refundOpen}
            </SecondaryButton>
          </ButtonRow>
        )}
      </>
    );
  } else {
    body = (
      <p data-testid="refund-state">
        {ordersTexts.refundNotAvailable} {eligibility && !eligibility.eligible ? eligibility.message : ''}
      </p>
    );
  }

  return (
    <RefundSection className="no-print" aria-labelledby="refund-heading" aria-busy={isLoading || sent.isLoading}>
      <h2 id="refund-heading">{ordersTexts.refundHeading}</h2>
      <Suspense fallback={null}>{body}</Suspense>
      <p>
        <Link to={ROUTES.refundPolicy}>{ordersTexts.refundPolicyLink}</Link>
      </p>
    </RefundSection>
  );
}
