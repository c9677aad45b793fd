import styled from 'styled-components';
import { useAppSelector } from '../../../app/hooks';
import { FormError } from '../../../components/form/FormFeedback';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { selectHealth } from '../supportSlice';
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
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

/** Orders waiting for the provider by age, refused callbacks, the last sweep pass, refunds and emails waiting. */
export function HealthPanel() {
  const { health, error } = useAppSelector(selectHealth);
  const { time } = useStoreTime();
  const t = supportTexts;
  return (
    <Panel aria-labelledby="health-heading" aria-busy={!health && !error}>
      <h2 id="health-heading">{t.healthHeading}</h2>
      {error && <FormError>{error}</FormError>}
      {health && (
        <Figures data-testid="health">
          <div>
            <dt>{t.waitingForProvider}</dt>
            <dd>
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
            </dd>
          </div>
          <div>
            <dt>{t.callbacksRejected}</dt>
            <dd>{health.callbacksRejectedLastHour}</dd>
          </div>
          <div>
            <dt>{t.lastSweep}</dt>
            <dd>
              {health.lastSweep
                ? t.sweepFigures(time(health.lastSweep.at), (health.lastSweep.durationMs / 1000).toFixed(1), health.lastSweep.claimed)
                : t.noSweep}
            </dd>
          </div>
          <div>
            <dt>{t.refundsWaiting}</dt>
            <dd>{health.refundsWaiting}</dd>
          </div>
          <div>
            <dt>{t.emailsUnsent}</dt>
            <dd>{health.emailsUnsent}</dd>
          </div>
        </Figures>
      )}
    </Panel>
  );
}
