import { Fragment } from 'react';
import { RISK_SIGNAL_NAMES, type RiskDecision } from '../../../../shared/risk/riskRules';
import { threeDSecureText, type ThreeDSecureOutcome } from '../../../../shared/risk/threeDSecure';
import { errorMessage } from '../../../wiring/serverApi';
import { SecondaryButton } from '../../../components/Button';
import { FactList } from '../../../components/FactList';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { riskConsoleTexts as t, riskOutcomeWords, signalWords } from './riskTexts';
import { useClearPlayerRiskMutation } from './supportRiskApi';

/** An order's risk decision on support's order page: the decision, its rule, score and signals, 3-D Secure, and Clear. */
export function OrderRiskPanel({ uid, risk, threeDSecure }: { uid: string; risk: RiskDecision | null; threeDSecure: ThreeDSecureOutcome | null }) {
  const { dateTime } = useStoreTime();
  const [clear, clearing] = useClearPlayerRiskMutation();
  return (
    <Panel aria-labelledby="risk-heading" data-testid="order-risk">
      <h2 id="risk-heading">{t.orderHeading}</h2>
      <p>{t.orderIntro}</p>
      <FactList $stackOnPhone>
        <dt>{t.threeDSecure}</dt>
        <dd data-testid="order-three-ds">{threeDSecure ? threeDSecureText[threeDSecure] : t.threeDSecureNotSaid}</dd>
        {risk && (
          <>
            <dt>{t.decision}</dt>
            <dd data-testid="order-risk-decision">{riskOutcomeWords[risk.action]}</dd>
            <dt>{t.rule}</dt>
            <dd>{risk.ruleId ?? t.noRule}</dd>
            <dt>{t.score}</dt>
            <dd>{risk.score} / 100</dd>
            {risk.wouldHave.length > 0 && (
              <>
                <dt>{t.wouldHave}</dt>
                <dd>{risk.wouldHave.map((match) => `${match.ruleId} (${riskOutcomeWords[match.action]})`).join(', ')}</dd>
              </>
            )}
          </>
        )}
      </FactList>
      {risk ? (
        <details>
          <summary>{t.signals}</summary>
          <FactList $stackOnPhone data-testid="order-risk-signals">
            {RISK_SIGNAL_NAMES.map((signal) => (
              <Fragment key={signal}>
                <dt>{signalWords(signal)}</dt>
                <dd>{risk.signals[signal]}</dd>
              </Fragment>
            ))}
          </FactList>
        </details>
      ) : (
        <p>{t.noDecision}</p>
      )}
      <p>{t.clearHint}</p>
      <SecondaryButton type="button" disabled={clearing.isLoading} onClick={() => void clear(uid)}>
        {t.clear}
      </SecondaryButton>
      {clearing.data && <FormStatus takeFocus>{t.cleared(dateTime(clearing.data.clearedAt))}</FormStatus>}
      {clearing.error && <FormError takeFocus>{errorMessage(clearing.error)}</FormError>}
    </Panel>
  );
}
