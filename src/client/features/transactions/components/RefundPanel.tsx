import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { refundRequestSchema } from '../../../../shared/validation/refundRequest';
import { ROUTES } from '../../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, ButtonRow, SecondaryButton } from '../../../components/Button';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { TextAreaField } from '../../../components/form/TextField';
import { Panel } from '../../../components/Panel';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { refundRequested, selectRefund } from '../transactionsSlice';
import { ordersTexts } from '../ordersTexts';
import { useStoreTime } from '../../../hooks/useStoreTime';

const RefundSection = styled(Panel)`
  max-width: 720px;
  margin-top: 24px;
`;

const Quote = styled.blockquote`
  margin: 0;
  padding-left: 12px;
  border-left: 3px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

function RefundForm({ orderId, onCancel }: { orderId: string; onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const { status } = useAppSelector(selectRefund);
  const { field, handleSubmit } = useValidatedForm(refundRequestSchema, { reason: '' });
  const sending = status === 'sending';
  return (
    <form noValidate onSubmit={handleSubmit(({ reason }) => dispatch(refundRequested({ orderId, reason })))}>
      <TextAreaField {...field('reason')} label={ordersTexts.refundReasonLabel} hint={ordersTexts.refundReasonHint} required autoFocus />
      <ButtonRow>
        <Button type="submit" disabled={sending} aria-describedby={sending ? 'refund-sending' : undefined}>
          {ordersTexts.refundSend}
        </Button>
        <SecondaryButton type="button" onClick={onCancel} disabled={sending}>
          {ordersTexts.refundCancel}
        </SecondaryButton>
      </ButtonRow>
      {sending && (
        <p id="refund-sending" role="status">
          {ordersTexts.refundSending}
        </p>
      )}
    </form>
  );
}

/** The receipt's refund section: the request and its answer, the offer when the policy allows one, or why not. */
export function RefundPanel({ orderId }: { orderId: string }) {
  const refund = useAppSelector(selectRefund);
  const { dateTime } = useStoreTime();
  const [open, setOpen] = useState(false);
  const request = refund.standing?.request ?? null;
  const eligibility = refund.standing?.eligibility ?? null;

  let body;
  if (refund.status === 'idle' || (refund.status === 'loading' && !refund.standing)) {
    body = <p>{ordersTexts.refundLoading}</p>;
  } else if (!refund.standing) {
    body = <FormError>{refund.error}</FormError>;
  } else if (request) {
    body = (
      <>
        {refund.sent && <FormStatus takeFocus>{ordersTexts.refundSent}</FormStatus>}
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
        {refund.error && <FormError takeFocus>{refund.error}</FormError>}
        {open ? (
          <RefundForm orderId={orderId} onCancel={() => setOpen(false)} />
        ) : (
          <ButtonRow>
            <SecondaryButton type="button" onClick={() => setOpen(true)}>
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
    <RefundSection className="no-print" aria-labelledby="refund-heading" aria-busy={refund.status === 'loading' || refund.status === 'sending'}>
      <h2 id="refund-heading">{ordersTexts.refundHeading}</h2>
      {body}
      <p>
        <Link to={ROUTES.refundPolicy}>{ordersTexts.refundPolicyLink}</Link>
      </p>
    </RefundSection>
  );
}
