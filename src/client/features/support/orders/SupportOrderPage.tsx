import { creditedGems, landedGemsText } from '../../../shared/offers/offer';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { centsOfAmount, formatAud, formatGemCount } from '../../../shared/catalogue';
import { playerStatusLine, playerStatusOf } from '../../../shared/orders/playerStatus';
import { declineRefundSchema } from '../../../shared/validation/refundRequest';
import { DISPUTE_ORDER_PARAM, ROUTES } from '../../../shared/routes';
import { describeReplyDue } from '../../../shared/support/replyDue';
import type { SupportOrderDetail } from '../../../shared/support/supportViews';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button, ButtonRow, SecondaryButton } from '../../components/Button';
import { FactList } from '../../components/FactList';
import { FormError, FormStatus } from '../../components/form/FormFeedback';
import { TextAreaField } from '../../components/form/TextField';
import { useValidatedForm } from '../../components/form/useValidatedForm';
import { PageHeading, PageSection } from '../../components/Page';
import { PlayerProtections } from './components/PlayerProtections';
import { GameEventList } from './components/GameEventList';
import { Panel } from '../../components/Panel';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useStoreTime } from '../../hooks/useStoreTime';
import { Stack, StaffOnly } from './components/StaffOnly';
import { actionRequested, orderOpened, selectSupportAction, selectSupportOrder } from './supportSlice';
import { supportTexts as t } from './supportTexts';
import { disputesTexts } from './supportDisputesTexts';

const Timeline = styled.ol`
  display: grid;
  gap: 10px;
  margin: 0;
  padding-left: 1.4em;

  time {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
`;

const Quote = styled.blockquote`
  margin: 0;
  padding-left: 12px;
  border-left: 3px solid ${({ theme }) => theme.colors.border};
  overflow-wrap: anywhere;
`;

function DeclineForm({ orderId, onCancel }: { orderId: string; onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const { field, handleSubmit } = useValidatedForm(declineRefundSchema, { reason: '' });
  return (
    <form noValidate onSubmit={handleSubmit(({ reason }) => dispatch(actionRequested({ orderId, kind: 'decline', reason })))}>
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
function RefundDecision({ detail, busy }: { detail: SupportOrderDetail; busy: boolean }) {
  const dispatch = useAppDispatch();
  const { dateTime } = useStoreTime();
  const [step, setStep] = useState<'choose' | 'confirmApprove' | 'decline'>('choose');
  const { refund, order } = detail;
  if (!refund) return null;
  const orderId = order.orderId;
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
            <Button type="button" disabled={busy} autoFocus onClick={() => dispatch(actionRequested({ orderId, kind: 'approve' }))}>
              {t.confirmYes}
            </Button>
            <SecondaryButton type="button" disabled={busy} onClick={() => setStep('choose')}>
              {t.cancel}
            </SecondaryButton>
          </ButtonRow>
        </div>
      )}
      {detail.can.decideRefund && step === 'decline' && <DeclineForm orderId={orderId} onCancel={() => setStep('choose')} />}
    </Panel>
  );
}

/** /support/orders/:orderId: one order's player, pack, amounts, status and history, and what support may do. */
export default function SupportOrderPage() {
  const dispatch = useAppDispatch();
  const { orderId = '' } = useParams();
  const { detail, status, error } = useAppSelector(selectSupportOrder);
  const action = useAppSelector(selectSupportAction);
  const { dateTime } = useStoreTime();
  usePageTitle(`${t.order} ${orderId}`);
  useEffect(() => {
    dispatch(orderOpened({ orderId }));
  }, [dispatch, orderId]);

  const busy = action.status === 'working';
  const shown = detail?.order.orderId === orderId ? detail : null;
  // A refunded order's gems were taken back, and its money returned, when support's approval went through.
  const refundedOn = shown?.order.status === 'refunded' && shown.refund?.decidedAt ? dateTime(shown.refund.decidedAt) : null;
  return (
    <StaffOnly onRetry={() => dispatch(orderOpened({ orderId }))}>
      <PageSection aria-busy={status === 'loading'}>
        <p>
          <Link to={ROUTES.support}>{t.backToConsole}</Link>
        </p>
        <PageHeading>
          {t.order} {orderId}
        </PageHeading>
        {(status === 'notFound' || status === 'failed') && <FormError>{status === 'notFound' ? t.orderNotFound : error}</FormError>}
        {shown && (
          <Stack>
            <Panel aria-labelledby="order-facts-heading">
              <h2 id="order-facts-heading">
                {shown.order.productName}: {playerStatusLine(shown.order)}
              </h2>
              <FactList $stackOnPhone data-testid="order-facts">
                <dt>{t.player}</dt>
                <dd>
                  {shown.player.email ?? '—'} (uid {shown.player.uid})
                </dd>
                <dt>{t.balance}</dt>
                <dd>{formatGemCount(shown.player.balance)}</dd>
                <dt>{t.item}</dt>
                <dd>
                  {shown.order.productName}: <span data-testid="order-gems">{landedGemsText(shown.order)}</span>
                </dd>
                <dt>{t.amount}</dt>
                <dd>{formatAud(centsOfAmount(shown.order.amount))}</dd>
                <dt>{t.status}</dt>
                <dd data-testid="order-status">{shown.order.status}</dd>
                {shown.order.dispute && (
                  <>
                    <dt>{disputesTexts.title}</dt>
                    <dd data-testid="order-dispute">
                      <Link to={`${ROUTES.supportDisputes}?${DISPUTE_ORDER_PARAM}=${shown.order.orderId}`}>
                        {playerStatusOf(shown.order)}: {disputesTexts.statuses[shown.order.dispute.status]}
                      </Link>
                    </dd>
                  </>
                )}
                <dt>{t.credited}</dt>
                <dd>
                  {refundedOn ? t.creditedThenTakenBack(refundedOn) : shown.order.credited ? t.yes : t.no}
                </dd>
                <dt>{t.providerSaid}</dt>
                <dd>
                  {refundedOn ? t.providerRefunded(shown.providerStatus ?? 'paid', refundedOn) : (shown.providerStatus ?? t.providerNothing)}
                </dd>
                <dt>{t.placed}</dt>
                <dd>{dateTime(shown.order.createdAt)}</dd>
                {shown.order.paidAt && (
                  <>
                    <dt>{t.paid}</dt>
                    <dd>{dateTime(shown.order.paidAt)}</dd>
                  </>
                )}
              </FactList>
            </Panel>

            <Panel aria-labelledby="events-heading">
              <h2 id="events-heading">{t.eventsHeading}</h2>
              <p>{t.eventsIntro}</p>
              {shown.gameEvents.length === 0 ? <p>{t.eventsNone}</p> : <GameEventList events={shown.gameEvents} />}
            </Panel>

            <Panel aria-labelledby="actions-heading" aria-busy={busy}>
              <h2 id="actions-heading">{t.actionsHeading}</h2>
              <ButtonRow>
                <SecondaryButton type="button" disabled={busy} onClick={() => dispatch(actionRequested({ orderId, kind: 'check' }))}>
                  {t.askProvider}
                </SecondaryButton>
                {shown.can.creditManually && (
                  <Button type="button" disabled={busy} onClick={() => dispatch(actionRequested({ orderId, kind: 'credit' }))}>
                    {t.creditManually}
                  </Button>
                )}
              </ButtonRow>
              <p>{t.creditHint}</p>
              {busy && <p role="status">{t.working}</p>}
              {action.status === 'done' && <FormStatus takeFocus>{action.message}</FormStatus>}
              {action.status === 'failed' && <FormError takeFocus>{action.message}</FormError>}
            </Panel>

            <RefundDecision key={`${shown.order.orderId}-${shown.refund?.status}`} detail={shown} busy={busy} />

            <PlayerProtections protections={shown.protections} />

            <Panel aria-labelledby="timeline-heading">
              <h2 id="timeline-heading">{t.timelineHeading}</h2>
              <p>{t.timelineIntro}</p>
              <Timeline data-testid="timeline">
                {shown.timeline.map((entry, index) => (
                  <li key={`${entry.at}-${index}`}>
                    <time dateTime={new Date(entry.at).toISOString()}>{dateTime(entry.at)}</time>
                    {entry.text}
                  </li>
                ))}
              </Timeline>
            </Panel>
          </Stack>
        )}
      </PageSection>
    </StaffOnly>
  );
}
