import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { dailyGiftTexts as t, type DailyGiftView } from '../../../shared/dailyGift/dailyGift';
import { nextGiftText, readerTimeZone } from '../../../shared/dailyGift/nextGift';
import { useAppConfig } from '../../config/appConfig';
import { ROUTES } from '../../../shared/routes';
import { useAppSelector } from '../../wiring/hooks';
import { errorMessage } from '../../wiring/serverApi';
import { Button } from '../../components/Button';
import { FormError, FormStatus } from '../../components/form/FormFeedback';
import { PageHeading, PageSection } from '../../components/Page';
import { Panel } from '../../components/Panel';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useStoreTime } from '../../hooks/useStoreTime';
import { selectIsSignedIn } from '../auth';
import { browserId } from '../../lib/browserId';
import { DAY_STATE_TEXT, dayStates, type DayState } from './giftDays';
import { useClaimDailyGiftMutation, useDailyGiftQuery } from './rewardsApi';
import { TailoredOffersChoice } from './TailoredOffersChoice';

const Calendar = styled.ol`
  list-style: none;
  padding: 0;
  margin: 16px 0;
  display: grid;
  gap: 10px;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
`;

const Day = styled.li<{ $state: DayState }>`
  border: 2px solid ${({ theme, $state }) => ($state === 'today' ? theme.colors.gold : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme, $state }) => ($state === 'claimed' ? theme.colors.surface : theme.colors.surfaceRaised)};
  padding: 12px;
  text-align: center;

  strong {
    display: block;
    color: ${({ theme }) => theme.colors.goldBright};
  }
  span {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const History = styled.ul`
  padding-left: 1.2em;
`;

function GiftCalendar({ view }: { view: DailyGiftView }) {
  const states = dayStates(view);
  return (
    <Calendar aria-label="The gift calendar" data-testid="gift-calendar">
      {view.calendar.map((gems, index) => (
        <Day key={index} $state={states[index]!} aria-current={states[index] === 'today' ? 'date' : undefined}>
          <strong>{t.dayLabel(index + 1)}</strong>
          {t.gems(gems)}
          {DAY_STATE_TEXT[states[index]!] && <span>{DAY_STATE_TEXT[states[index]!]}</span>}
        </Day>
      ))}
    </Calendar>
  );
}

function ClaimToday({ view }: { view: DailyGiftView }) {
  const { timeZone } = useAppConfig();
  const [claim, claiming] = useClaimDailyGiftMutation({ fixedCacheKey: 'daily-gift-claim' });
  const gems = view.calendar[view.nextStep - 1]!;
  return (
    <>
      {claiming.isError && <FormError takeFocus>{errorMessage(claiming.error)}</FormError>}
      {claiming.isSuccess && view.claimedToday && <FormStatus takeFocus>{t.claimed(view.claimedToday.step, view.claimedToday.gems)}</FormStatus>}
      {view.claimedToday ? (
        <p data-testid="gift-come-back">{nextGiftText(view.nextDayAt, timeZone, readerTimeZone())}</p>
      ) : view.notEligible ? (
        <p data-testid="gift-not-eligible">{view.notEligible}</p>
      ) : (
        <Button type="button" disabled={claiming.isLoading} onClick={() => void claim({ deviceId: browserId() })}>
          {claiming.isLoading ? t.claiming : t.claim(view.nextStep, gems)}
        </Button>
      )}
    </>
  );
}

/** /rewards: the daily gift's calendar, today's claim, and the player's last gifts. */
export default function RewardsPage() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data: view, error } = useDailyGiftQuery(undefined, { skip: !signedIn });
  const { date } = useStoreTime();
  usePageTitle(t.heading);
  return (
    <PageSection>
      <PageHeading>{t.heading}</PageHeading>
      <Panel>
        <p>{t.intro}</p>
        <p>{t.noStreak}</p>
        {!signedIn ? (
          <p>
            <Link to={ROUTES.signInSignUp}>{t.signIn}</Link>
          </p>
        ) : (
          <>
            {error && <FormError>{errorMessage(error)}</FormError>}
            {view && (
              <>
                <GiftCalendar view={view} />
                <ClaimToday view={view} />
                <h2>{t.historyHeading}</h2>
                {view.history.length === 0 ? (
                  <p>{t.noHistory}</p>
                ) : (
                  <History data-testid="gift-history">
                    {view.history.map((claim) => (
                      <li key={claim.claimId}>
                        {date(claim.at)}: {t.historyLine(claim.step, claim.gems)}
                      </li>
                    ))}
                  </History>
                )}
              </>
            )}
            <TailoredOffersChoice />
          </>
        )}
      </Panel>
    </PageSection>
  );
}
