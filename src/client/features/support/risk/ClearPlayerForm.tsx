import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { errorMessage } from '../../../wiring/serverApi';
import { SecondaryButton } from '../../../components/Button';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { Field, Label, inputStyle } from '../../../components/form/TextField';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { riskConsoleTexts as t } from './riskTexts';
import { useClearPlayerRiskMutation } from './supportRiskApi';

const Input = styled.input`
  ${inputStyle}
`;

/** Clears a held player by uid: for one refused before any order was made (so no order page to clear them from). */
export function ClearPlayerForm() {
  const [uid, setUid] = useState('');
  const [clear, clearing] = useClearPlayerRiskMutation();
  const { dateTime } = useStoreTime();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uid.trim()) void clear(uid.trim());
  };
  return (
    <Panel aria-labelledby="risk-clear-heading">
      <h2 id="risk-clear-heading">{t.clearByUidHeading}</h2>
      <p>{t.clearByUidIntro}</p>
      <form onSubmit={submit}>
        <Field>
          <Label htmlFor="risk-clear-uid">{t.uidLabel}</Label>
          <Input id="risk-clear-uid" value={uid} autoComplete="off" spellCheck={false} onChange={(event) => setUid(event.target.value)} />
        </Field>
        <SecondaryButton type="submit" disabled={clearing.isLoading}>
          {t.clear}
        </SecondaryButton>
      </form>
      {clearing.data && <FormStatus takeFocus>{t.cleared(dateTime(clearing.data.clearedAt))}</FormStatus>}
      {clearing.error && <FormError takeFocus>{errorMessage(clearing.error)}</FormError>}
    </Panel>
  );
}
