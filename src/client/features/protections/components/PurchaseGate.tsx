import { useMemo, type ReactNode } from 'react';
import { birthDateSchema, guardianEmailSchema } from '../../../../shared/validation/protections';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { TextField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { FocusedHeading } from '../../../components/FocusedHeading';
import { localToday } from '../../../lib/localToday';
import { birthDateSubmitted, guardianConsentAsked, selectGate } from '../protectionsSlice';
import { protectionsTexts } from '../protectionsTexts';
import { useSpendingLimit } from './useSpendingLimit';

function BirthDateStep() {
  const dispatch = useAppDispatch();
  const gate = useAppSelector(selectGate);
  const today = useMemo(localToday, []);
  const schema = useMemo(() => birthDateSchema(today), [today]);
  const form = useValidatedForm(schema, { birthDate: '' });
  const sending = gate.status === 'sending';
  return (
    <section aria-labelledby="birth-date-heading" data-testid="purchase-gate">
      <FocusedHeading id="birth-date-heading">{protectionsTexts.birthDateHeading}</FocusedHeading>
      <p>{protectionsTexts.birthDateIntro}</p>
      <form noValidate onSubmit={form.handleSubmit((values) => !sending && dispatch(birthDateSubmitted(values)))}>
        <TextField {...form.field('birthDate')} type="date" label={protectionsTexts.birthDate} autoComplete="bday" min="1900-01-01" max={today} required />
        {gate.error && <FormError takeFocus>{gate.error}</FormError>}
        <SubmitButton busy={sending} label={protectionsTexts.saveBirthDate} busyLabel={protectionsTexts.sending} style={{ marginTop: 16 }} />
      </form>
    </section>
  );
}

function GuardianConsentStep() {
  const dispatch = useAppDispatch();
  const gate = useAppSelector(selectGate);
  const form = useValidatedForm(guardianEmailSchema, { guardianEmail: '' });
  const sending = gate.status === 'sending';
  return (
    <section data-testid="purchase-gate">
      <FocusedHeading>{protectionsTexts.consentHeading}</FocusedHeading>
      <p>{protectionsTexts.consentIntro}</p>
      <form noValidate onSubmit={form.handleSubmit((values) => !sending && dispatch(guardianConsentAsked(values)))}>
        <TextField {...form.field('guardianEmail')} type="email" label={protectionsTexts.guardianEmail} autoComplete="off" required />
        {gate.error && <FormError takeFocus>{gate.error}</FormError>}
        {gate.askedOf && !gate.error && <FormStatus takeFocus>{protectionsTexts.consentAsked(gate.askedOf)}</FormStatus>}
        <SubmitButton busy={sending} label={protectionsTexts.askConsent} busyLabel={protectionsTexts.sending} style={{ marginTop: 16 }} />
      </form>
    </section>
  );
}

/**
 * The payment screen's gate: the payment form only for a player who may buy. An account with no date of birth gives
 * it first; a player under 13 asks a guardian's consent. The server refuses the same orders whatever shows here.
 */
export function PurchaseGate({ children }: { children: ReactNode }) {
  const view = useSpendingLimit();
  if (view?.purchaseBlock === 'birthDateNeeded') return <BirthDateStep />;
  if (view?.purchaseBlock === 'guardianConsentNeeded') return <GuardianConsentStep />;
  return <>{children}</>;
}
