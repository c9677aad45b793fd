import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { centsOfAmount, formatAud, formatGemCount } from '../../../../shared/money';
import { landedGemsText } from '../../../../shared/offers/offer';
import { playerStatusLine, playerStatusOf } from '../../../../shared/orders/playerStatus';
import { DISPUTE_ORDER_PARAM, ROUTES } from '../../../../shared/routes';
import { errorMessage } from '../../../wiring/serverApi';
import { Button, ButtonRow, SecondaryButton } from '../../../components/Button';
import { FactList } from '../../../components/FactList';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { PageHeading, PageSection } from '../../../components/Page';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { Stack, StaffOnly } from '../access/StaffOnly';
import { PlayerProtections } from '../components/PlayerProtections';
import { GameEventList } from '../delivery/GameEventList';
import { disputesTexts } from '../disputes/disputesTexts';
import { RefundDecision } from '../refunds/RefundDecision';
import { supportTexts as t } from '../supportTexts';
import { orderActionMessage } from './orderActionMessage';
import { OrderGemMoves, PlayerStatement } from './PlayerStatement';
import { useOrderActionMutation, useSupportOrderQuery, type OrderAction } from './supportOrdersApi';
import { taxLine } from '../../../../shared/tax/orderTax';
import { paidByText } from '../../../../shared/payMethod';
import { OrderRiskPanel } from '../risk/OrderRiskPanel';

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

/** /support/orders/:orderId: one order's player, pack, amounts, status and history, and what support may do. */
export default function SupportOrderPage() {
  const { orderId = '' } = useParams();
  return (
    <StaffOnly title={`${t.order} ${orderId}`}>
      <OrderView key={orderId} orderId={orderId} />
    </StaffOnly>
  );
}

/** One order, read as the page opens (staff only), with the outcome of the last action taken on it here. */
function OrderView({ orderId }: { orderId: string }) {
  const { data: detail, error, isLoading } = useSupportOrderQuery(orderId);
  const [act, action] = useOrderActionMutation();
  const { dateTime } = useStoreTime();
  const run = (wanted: Omit<OrderAction, 'orderId'>) => void act({ orderId, ...wanted });
  const busy = action.isLoading;
  const shown = detail ?? null;
  const failed = errorMessage(error);
  // A refunded order's gems were taken back, and its money returned, when support's approval went through.
  const refundedOn = shown?.order.status === 'refunded' && shown.refund?.decidedAt ? dateTime(shown.refund.decidedAt) : null;
  return (
    <PageSection aria-busy={isLoading}>
      <p>
        <Link to={ROUTES.support}>{t.backToConsole}</Link>
      </p>
      <PageHeading>
        {t.order} {orderId}
      </PageHeading>
      {failed && !shown && <FormError>{(error as { status?: number }).status === 404 ? t.orderNotFound : failed}</FormError>}
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
              {shown.giftRecipient && (
                <>
                  <dt>{t.giftTo}</dt>
                  <dd data-testid="order-gift">
                    {shown.giftRecipient.maskedName} #{shown.giftRecipient.tag}: {shown.giftRecipient.email ?? '—'} (uid {shown.giftRecipient.uid}), {formatGemCount(shown.giftRecipient.balance)} gems
                    {shown.giftRecipient.message ? `; message “${shown.giftRecipient.message}”` : ''}; {shown.giftRecipient.showName ? t.giftNameShown : t.giftNameHidden}
                  </dd>
                </>
              )}
              <dt>{t.item}</dt>
              <dd>
                {shown.order.productName}: <span data-testid="order-gems">{landedGemsText(shown.order)}</span>
              </dd>
              <dt>{t.amount}</dt>
              <dd>{formatAud(centsOfAmount(shown.order.amount))}</dd>
              <dt>{t.method}</dt>
              <dd data-testid="order-method">{paidByText(shown.order.payMethod) ?? shown.order.paymentMethod ?? t.methodUnknown}</dd>
              <dt>{t.tax}</dt>
              <dd data-testid="order-tax">{taxLine(shown.tax)}</dd>
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
              <dt>{t.sweepChecks}</dt>
              <dd data-testid="order-checks">
                {t.sweepChecksLine(
                  shown.checks.count,
                  shown.checks.lastAt === null ? null : dateTime(shown.checks.lastAt),
                  shown.checks.nextAt === null ? null : dateTime(shown.checks.nextAt),
                )}
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

          <OrderRiskPanel uid={shown.player.uid} risk={shown.risk} threeDSecure={shown.threeDSecure} />

          <Panel aria-labelledby="events-heading">
            <h2 id="events-heading">{t.eventsHeading}</h2>
            <p>{t.eventsIntro}</p>
            {shown.gameEvents.length === 0 ? <p>{t.eventsNone}</p> : <GameEventList events={shown.gameEvents} />}
          </Panel>

          <OrderGemMoves lines={shown.gemMoves} />

          <PlayerStatement uid={shown.player.uid} />

          <Panel aria-labelledby="actions-heading" aria-busy={busy}>
            <h2 id="actions-heading">{t.actionsHeading}</h2>
            <ButtonRow>
              <SecondaryButton type="button" disabled={busy} onClick={() => run({ kind: 'check' })}>
                {t.askProvider}
              </SecondaryButton>
              {shown.can.creditManually && (
                <Button type="button" disabled={busy} onClick={() => run({ kind: 'credit' })}>
                  {t.creditManually}
                </Button>
              )}
            </ButtonRow>
            <p>{t.creditHint}</p>
            {busy && <p role="status">{t.working}</p>}
            {action.data && action.originalArgs && <FormStatus takeFocus>{orderActionMessage(action.originalArgs.kind, action.data)}</FormStatus>}
            {action.error && <FormError takeFocus>{errorMessage(action.error)}</FormError>}
          </Panel>

          <RefundDecision key={`${shown.order.orderId}-${shown.refund?.status}`} detail={shown} busy={busy} run={run} />

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
  );
}
