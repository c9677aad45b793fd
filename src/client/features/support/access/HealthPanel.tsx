import type { ReactNode } from 'react';
import styled from 'styled-components';
import { DISPUTE_RATE_MARKS } from '../../../../shared/disputes/dispute';
import { BOOKS_APART_KINDS } from '../../../../shared/booksCheck';
import { signedGems } from '../../statement';
import { formatShare } from '../../../../shared/stats';
import { errorMessage } from '../../../wiring/serverApi';
import { FormError } from '../../../components/form/FormFeedback';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { useStaffAccess } from './staffAccessApi';
import { supportTexts } from '../supportTexts';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 12px;
  margin: 0;

  div {
    padding: 12px 14px;
    border-radius: ${({ theme }) => theme.radius.medium};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.95rem;
  }
  dd {
    margin: 4px 0 0;
    font-weight: 700;
    font-size: 1.1rem;
    /* A uid or an entry's id is one long word. */
    overflow-wrap: anywhere;
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;


/** Things apart the tile lists; the job's log names every one. */
const BOOKS_APART_SHOWN = 20;

/** Which card-scheme mark this month's rate is past, if any. */
const markPassed = (rate: number) => (rate >= DISPUTE_RATE_MARKS.monitoring ? 'monitoring' : rate >= DISPUTE_RATE_MARKS.strongerChecks ? 'strongerChecks' : null);

/** An age in the largest unit that says it: 40 s, 12 min, 5 h, 2 days. */
function ageOf(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7_200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3_600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

/** One tile: a figure's label and its value. */
function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Orders waiting for the provider by age, refused callbacks, the last sweep pass, refunds and emails waiting, and the month's disputes. */
export function HealthPanel() {
  // Shown inside StaffOnly, so the access answer is here; read again (with its figures) after a refund is decided.
  const { data, error } = useStaffAccess();
  const health = data?.health;
  const { time } = useStoreTime();
  const t = supportTexts;
  return (
    <Panel aria-labelledby="health-heading" aria-busy={!health}>
      <h2 id="health-heading">{t.healthHeading}</h2>
      {error && <FormError>{errorMessage(error)}</FormError>}
      {health && (
        <Figures data-testid="health">
          <Figure label={t.waitingForProvider}>
            <ul>
              <li>
                {t.ageUnderFive}: {health.pendingByAge.underFiveMinutes}
              </li>
              <li>
                {t.ageFiveToThirty}: {health.pendingByAge.fiveToThirtyMinutes}
              </li>
              <li>
                {t.ageThirtyToDay}: {health.pendingByAge.thirtyMinutesToADay}
              </li>
              <li>
                {t.ageOverDay}: {health.pendingByAge.overADay}
              </li>
            </ul>
          </Figure>
          <Figure label={t.callbacksRejected}>{health.callbacksRejectedLastHour}</Figure>
          <Figure label={t.lastSweep}>
            {health.lastSweep
              ? t.sweepFigures(time(health.lastSweep.at), (health.lastSweep.durationMs / 1000).toFixed(1), health.lastSweep.claimed)
              : t.noSweep}
          </Figure>
          <Figure label={t.refundsWaiting}>{health.refundsWaiting}</Figure>
          <Figure label={t.emailsUnsent}>{health.emailsUnsent}</Figure>
          <Figure label={t.delivery}>
            <ul data-testid="delivery-health">
              {health.delivery.on ? (
                <>
                  <li>{t.deliveryWaiting(health.delivery.pending, health.delivery.attention)}</li>
                  <li>{health.delivery.oldestUndeliveredAt === null ? t.deliveryAllTaken : t.deliveryOldest(ageOf(Date.now() - health.delivery.oldestUndeliveredAt))}</li>
                </>
              ) : (
                <li>{t.deliveryOff}</li>
              )}
            </ul>
          </Figure>
          <Figure label={t.books}>
            <ul data-testid="books-health">
              {health.books === null ? (
                <li>{t.booksNotChecked}</li>
              ) : (
                <>
                  <li>{t.booksChecked(health.books.date, health.books.players, health.books.entries, health.books.apart.length)}</li>
                  {health.books.apart.slice(0, BOOKS_APART_SHOWN).map((item, index) => (
                    <li key={`${item.kind}-${item.entryId ?? index}`}>{t.booksApart(item.uid ?? t.booksDayCounts, signedGems(item.gems), `${BOOKS_APART_KINDS[item.kind]}: ${item.detail}`)}</li>
                  ))}
                  {health.books.apart.length > BOOKS_APART_SHOWN && <li>{t.booksMore(health.books.apart.length - BOOKS_APART_SHOWN)}</li>}
                  <li>{t.booksGame(health.books.game)}</li>
                </>
              )}
            </ul>
          </Figure>
          <Figure label={t.disputesThisMonth}>
            <ul data-testid="dispute-rate">
              <li>{t.disputeRate(health.disputes.month.disputes, health.disputes.month.paidOrders, formatShare(health.disputes.month.rate))}</li>
              <li>{t.disputeMarks(formatShare(DISPUTE_RATE_MARKS.monitoring), formatShare(DISPUTE_RATE_MARKS.strongerChecks), markPassed(health.disputes.month.rate))}</li>
              <li>{t.disputesOpen(health.disputes.open)}</li>
            </ul>
          </Figure>
        </Figures>
      )}
    </Panel>
  );
}
