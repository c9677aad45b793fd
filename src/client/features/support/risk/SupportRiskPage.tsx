import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { RISK_ACTIONS, RISK_MODES, type RiskRule } from '../../../../shared/risk/riskRules';
import { errorMessage } from '../../../wiring/serverApi';
import { Button } from '../../../components/Button';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { inputStyle } from '../../../components/form/TextField';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { ConsoleArea, consoleAreaPage } from '../components/ConsoleArea';
import { riskConsoleTexts as t, riskModeWords, riskOutcomeWords, signalWords } from './riskTexts';
import { useRiskRulesQuery, useSaveRiskRulesMutation } from './supportRiskApi';
import { ClearPlayerForm } from './ClearPlayerForm';

const Control = styled.input`
  ${inputStyle}
  max-width: 9rem;
`;
const Choice = styled.select`
  ${inputStyle}
  max-width: 16rem;
`;
const RuleBlock = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  margin: 0 0 14px;
  padding: 10px 14px 14px;
  display: grid;
  gap: 8px;

  legend {
    font-weight: 700;
    padding: 0 4px;
  }
  label {
    display: grid;
    gap: 4px;
  }
`;

/** One rule's controls: each condition's threshold, what it does, its mode and a refusal's cooling period. */
function RuleControls({ rule, index, change }: { rule: RiskRule; index: number; change: (rule: RiskRule) => void }) {
  return (
    <RuleBlock data-testid={`risk-rule-${rule.id}`}>
      <legend>{rule.name}</legend>
      {rule.when.map((condition, at) => (
        <label key={`${condition.signal}-${at}`}>
          {`${t.when}: ${signalWords(condition.signal)} ${condition.op}`}
          <Control
            type="number"
            min={0}
            step="any"
            value={condition.value}
            onChange={(event) => change({ ...rule, when: rule.when.map((other, place) => (place === at ? { ...other, value: Number(event.target.value) } : other)) })}
          />
        </label>
      ))}
      <label>
        {t.then}
        <Choice value={rule.action} onChange={(event) => change({ ...rule, action: event.target.value as RiskRule['action'], ...(event.target.value === 'refuse' ? { coolMinutes: rule.coolMinutes ?? 30 } : { coolMinutes: undefined }) })}>
          {RISK_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {riskOutcomeWords[action]}
            </option>
          ))}
        </Choice>
      </label>
      <label>
        {t.mode}
        <Choice id={`risk-mode-${index}`} value={rule.mode} onChange={(event) => change({ ...rule, mode: event.target.value as RiskRule['mode'] })}>
          {RISK_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {riskModeWords[mode]}
            </option>
          ))}
        </Choice>
      </label>
      {rule.action === 'refuse' && (
        <label>
          {t.cool}
          <Control type="number" min={1} step={1} value={rule.coolMinutes ?? ''} onChange={(event) => change({ ...rule, coolMinutes: Number(event.target.value) })} />
        </label>
      )}
    </RuleBlock>
  );
}

/** The risk rules, edited as a whole and saved as the next version (audited), with their last changes. */
function RiskRulesArea() {
  const { data, error, isFetching } = useRiskRulesQuery();
  const [save, saving] = useSaveRiskRulesMutation();
  const [edited, setEdited] = useState<{ version: number; rules: RiskRule[] } | null>(null);
  const { dateTime } = useStoreTime();
  // The rules as edited since the version shown; a saved or reloaded version starts afresh.
  const rules = edited && edited.version === data?.ruleSet.version ? edited.rules : (data?.ruleSet.rules ?? []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (data) void save({ version: data.ruleSet.version, rules });
  };
  return (
    <ConsoleArea heading={t.rulesTitle} busy={isFetching} error={error}>
      {data && (
        <>
          <Panel aria-labelledby="rules-heading">
            <h2 id="rules-heading">{t.rulesTitle}</h2>
            <p>{t.rulesIntro}</p>
            <p data-testid="risk-version">{t.version(data.ruleSet.version, data.ruleSet.updatedBy, data.ruleSet.updatedAt ? dateTime(data.ruleSet.updatedAt) : '')}</p>
            <form onSubmit={submit}>
              {rules.map((rule, index) => (
                <RuleControls key={rule.id} rule={rule} index={index} change={(next) => setEdited({ version: data.ruleSet.version, rules: rules.map((other, at) => (at === index ? next : other)) })} />
              ))}
              <Button type="submit" disabled={saving.isLoading}>
                {t.save}
              </Button>
              {saving.data && !saving.isLoading && <FormStatus takeFocus>{t.saved(saving.data.ruleSet.version)}</FormStatus>}
              {saving.error && <FormError takeFocus>{errorMessage(saving.error)}</FormError>}
            </form>
          </Panel>
          <ClearPlayerForm />
          <Panel aria-labelledby="risk-audit-heading">
            <h2 id="risk-audit-heading">{t.auditHeading}</h2>
            {data.audit.length === 0 ? (
              <p>{t.noAudit}</p>
            ) : (
              <ul data-testid="risk-audit">
                {data.audit.map((entry) => (
                  <li key={`${entry.version}-${entry.at}`}>
                    {dateTime(entry.at)}: {t.auditLine(entry.by, entry.version)}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </>
      )}
    </ConsoleArea>
  );
}

export default consoleAreaPage(t.rulesTitle, RiskRulesArea);
