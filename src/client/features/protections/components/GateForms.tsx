import { useMemo } from 'react';
import { birthDateSchema } from '../../../../shared/validation/protections';
import { errorMessage } from '../../../wiring/serverApi';
import { FocusedHeading } from '../../../components/FocusedHeading';
import { FormError } from '../../../components/form/FormFeedback';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { localToday } from '../../../lib/localToday';
import { useGiveBirthDateMutation } from '../protectionsApi';
import { protectionsTexts } from '../protectionsTexts';
import { AskGuardianForm } from './AskGuardianForm';

/**
 * The payment screen's gates that send something: the date of birth, and a guardian's consent asked. They load with
 * the first player who meets one (PurchaseGate), not with every payment screen: they bring the server API's changes.
 */

export function BirthDateStep() {
  const [giveBirthDate, given] = useGiveBirthDateMutation();
  const today = useMemo(localToday, []);
  const schema = useMemo(() => birthDateSchema(today), [today]);
  const form = useValidatedForm(schema, { birthDate: '' });
  const sending = given.isLoading;
  return (
    <section aria-labelledby="birth-date-heading" data-testid="purchase-gate">
      <FocusedHeading id="birth-date-heading">{protectionsTexts.birthDateHeading}</FocusedHeading>
      <p>{protectionsTexts.birthDateIntro}</p>
      <form noValidate onSubmit={form.handleSubmit((values) => !sending && void giveBirthDate(values))}>
        <TextField {...form.field('birthDate')} type="date" label={protectionsTexts.birthDate} autoComplete="bday" min="1900-01-01" max={today} required />
        {given.isError && <FormError takeFocus>{errorMessage(given.error)}</FormError>}
        <SubmitButton busy={sending} label={protectionsTexts.saveBirthDate} busyLabel={protectionsTexts.sending} style={{ marginTop: 16 }} />
      </form>
    </section>
  );
}

export function GuardianConsentStep() {
  return (
    <section data-testid="purchase-gate">
      <FocusedHeading>{protectionsTexts.consentHeading}</FocusedHeading>
      <p>{protectionsTexts.consentIntro}</p>
      <AskGuardianForm label={protectionsTexts.askConsent} sentText={protectionsTexts.consentAsked} />
    </section>
  );
}
