import styled from 'styled-components';
import { centsOfAmount, formatAud, formatGemCount } from '../../../../shared/money';
import { disputeReasonText } from '../../../../shared/disputes/dispute';
import type { DisputeDetail } from '../../../../shared/support/supportViews';
import { Button, ButtonRow, SecondaryButton } from '../../../components/Button';
import { FactList } from '../../../components/FactList';
import { Label } from '../../../components/form/TextField';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { describeProtectionEvent } from '../components/PlayerProtections';
import { disputesTexts as t } from './disputesTexts';
import type { DisputeChanges } from './useDisputeChanges';

const EvidenceText = styled.textarea`
  width: 100%;
  min-height: 14rem;
  padding: 10px 12px;
  font: inherit;
  font-size: 0.95rem;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** One dispute: what it holds, its evidence pack made from the store's records, and the moves support may make. */
export function EvidencePackPanel({ detail, changes, onClose }: { detail: DisputeDetail; changes: DisputeChanges; onClose: () => void }) {
  const { dateTime } = useStoreTime();
  const when = (at: number | null) => (at === null ? t.unknown : dateTime(at));
  const { dispute, order, player, payment, receiptEmail, can } = detail;
  const { busy } = changes;
  const move = (name: 'accept' | 'evidenceSent' | 'writeOff') => changes.move(dispute.orderId, name);
  return (
    <Panel aria-labelledby="dispute-heading" data-testid="evidence-pack">
      <h2 id="dispute-heading">{t.packHeading(dispute.orderId)}</h2>
      <FactList $stackOnPhone>
        <dt>{t.status}</dt>
        <dd data-testid="dispute-status">{t.statuses[dispute.status]}</dd>
        <dt>{t.amount}</dt>
        <dd>
          {formatAud(centsOfAmount(dispute.amount))}, {order.productName}: {t.gems(dispute.gemsTaken, dispute.debtAdded)}
        </dd>
        <dt>{t.reason}</dt>
        <dd>{disputeReasonText(dispute.reasonCode)}</dd>
        <dt>{t.evidenceDue}</dt>
        <dd>{dispute.evidenceDueAt ? dateTime(dispute.evidenceDueAt) : '—'}</dd>
        <dt>{t.player}</dt>
        <dd>
          {player.email ?? player.uid} · #{player.tag}
        </dd>
        <dt>{t.balance}</dt>
        <dd>{formatGemCount(player.balance)} gems</dd>
        <dt>{t.debt}</dt>
        <dd data-testid="gem-debt">{formatGemCount(player.debt)} gems</dd>
      </FactList>
      <ButtonRow>
        {can.evidenceSent && (
          <Button type="button" disabled={busy} onClick={() => move('evidenceSent')}>
            {t.evidenceSent}
          </Button>
        )}
        {can.accept && (
          <SecondaryButton type="button" disabled={busy} onClick={() => move('accept')}>
            {t.accept}
          </SecondaryButton>
        )}
        {can.writeOff && (
          <SecondaryButton type="button" disabled={busy} onClick={() => move('writeOff')}>
            {t.writeOff}
          </SecondaryButton>
        )}
        <SecondaryButton type="button" onClick={onClose}>
          {t.close}
        </SecondaryButton>
      </ButtonRow>

      <h3>{t.evidenceHeading}</h3>
      <p>{t.evidenceIntro}</p>
      <FactList $stackOnPhone>
        <dt>{t.accountMade}</dt>
        <dd>{when(player.accountCreatedAt)}</dd>
        <dt>{t.lastSignIn}</dt>
        <dd>{when(player.lastSignInAt)}</dd>
        <dt>{t.otherOrdersLabel}</dt>
        <dd>{t.otherOrders(player.otherPaidOrders, player.otherDisputes)}</dd>
        <dt>{t.placed}</dt>
        <dd>{when(payment.placedAt)}</dd>
        <dt>{t.paid}</dt>
        <dd>
          {when(payment.paidAt)} ({payment.method ?? 'card'})
        </dd>
        <dt>{t.paidFrom}</dt>
        <dd>
          {payment.name}, {payment.email}, {payment.address}, {payment.country}
        </dd>
        <dt>{t.receiptEmail}</dt>
        <dd>{receiptEmail ? `${receiptEmail.to ?? ''} ${receiptEmail.status}${receiptEmail.sentAt ? ` ${dateTime(receiptEmail.sentAt)}` : ''}` : t.noReceipt}</dd>
        <dt>{t.spentBefore}</dt>
        <dd>{formatGemCount(detail.gemsSpentBeforeDispute)}</dd>
        <dt>{t.terms(detail.terms.lastUpdated)}</dt>
        <dd>
          <a href={detail.terms.path}>{detail.terms.path}</a>
        </dd>
      </FactList>
      {detail.accountHistory.length > 0 && (
        <>
          <h3>{t.accountHistory}</h3>
          <ul>
            {detail.accountHistory.map((event) => (
              <li key={`${event.at}-${event.type}`}>
                {dateTime(event.at)}: {describeProtectionEvent(event, dateTime)}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>{t.orderHistory}</h3>
      <ol data-testid="dispute-timeline">
        {detail.timeline.map((entry, index) => (
          <li key={index}>
            {dateTime(entry.at)}: {entry.text}
          </li>
        ))}
      </ol>
      <Label htmlFor="evidence-text">{t.copyText}</Label>
      <EvidenceText id="evidence-text" readOnly value={detail.text} data-testid="evidence-text" />
    </Panel>
  );
}
