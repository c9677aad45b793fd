import { useState } from 'react';
import styled from 'styled-components';
import { centsOfAmount, formatAud, formatGemCount } from '../../../../shared/money';
import { creditedGems } from '../../../../shared/offers/offer';
import { describeReplyDue } from '../../../../shared/support/replyDue';
import type { SupportOrderDetail } from '../../../../shared/support/supportViews';
import { declineRefundSchema } from '../../../../shared/validation/refundRequest';
import { Button, ButtonRow, SecondaryButton } from '../../../components/Button';
import { TextAreaField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import type { OrderAction } from '../orders/supportOrdersApi';
import { supportTexts as t } from '../supportTexts';

const Quote = styled.blockquote`
  margin: 0;
  padding-left: 12px;
  border-left: 3px solid ${({ theme }) => theme.colors.border};
  overflow-wrap: anywhere;
`;

/** Runs an action on the order shown (the order page owns the action and its outcome). */
type RunAction = (action: Omit<OrderAction, 'orderId'>) => void;

function DeclineForm({ run, onCancel }: { run: RunAction; onCancel: () => void }) {
  const { field, handleSubmit } = useValidatedForm(declineRefundSchema, { reason: '' });
  return (
    <form noValidate onSubmit={handleSubmit(({ reason }) => run({ kind: 'decline', reason }))}>
      <TextAreaField {...field('reason')} label={t.declineLabel} required autoFocus />
      <ButtonRow>
        <Button type="submit">{t.declineSend}</Button>
        <SecondaryButton type="button" onClick={onCancel}>
          {t.cancel}
        </SecondaryButton>
      </ButtonRow>
    </form>
  );
}

/** The refund request: the player's reason, the promise's deadline, and Approve or Decline while it waits. */
export function RefundDecision({ detail, busy, run }: { detail: SupportOrderDetail; busy: boolean; run: RunAction }) {
  const { dateTime } = useStoreTime();
  const [step, setStep] = useState<'choose' | 'confirmApprove' | 'decline'>('choose');
  const { refund, order } = detail;
  if (!refund) return null;
  return (
    <Panel aria-labelledby="refund-decision-heading">
      <h2 id="refund-decision-heading">{t.refundHeading}</h2>
      <p>
        {t.requested} {dateTime(refund.createdAt)}
        {refund.replyDue && (
          <>
            {' '}
            · {t.replyDue}: <strong>{describeReplyDue(refund.replyDue)}</strong>
          </>
        )}
      </p>
      <div>
        <p>{t.playerReason}:</p>
        <Quote>{refund.reason}</Quote>
      </div>
      {refund.status === 'refunded' && <p data-testid="refund-decided">{t.decidedRefunded}</p>}
      {refund.status === 'approving' && <p data-testid="refund-decided">{t.decidedApproving}</p>}
      {refund.status === 'approval_failed' && <p data-testid="refund-decided">{t.decidedApprovalFailed}</p>}
      {refund.status === 'declined' && <p data-testid="refund-decided">{t.decidedDeclined(refund.declineReason ?? '')}</p>}
      {detail.can.decideRefund && step === 'choose' && (
        <ButtonRow>
          <Button type="button" disabled={busy} onClick={() => setStep('confirmApprove')}>
            {t.approve}
          </Button>
          <SecondaryButton type="button" disabled={busy} onClick={() => setStep('decline')}>
            {t.decline}
          </SecondaryButton>
        </ButtonRow>
      )}
      {detail.can.decideRefund && step === 'confirmApprove' && (
        <div role="group" aria-labelledby="confirm-approve">
          <p id="confirm-approve">{t.confirmApprove(formatAud(centsOfAmount(order.amount)), formatGemCount(creditedGems(order)))}</p>
          <ButtonRow>
            <Button type="button" disabled={busy} autoFocus onClick={() => run({ kind: 'approve' })}>
              {t.confirmYes}
            </Button>
            <SecondaryButton type="button" disabled={busy} onClick={() => setStep('choose')}>
              {t.cancel}
            </SecondaryButton>
          </ButtonRow>
        </div>
      )}
      {detail.can.decideRefund && step === 'decline' && <DeclineForm run={run} onCancel={() => setStep('choose')} />}
    </Panel>
  );
}
