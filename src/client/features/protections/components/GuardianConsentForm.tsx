import { consentFormSchema, type ConsentFormData } from '../../../../shared/validation/protections';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { CheckboxField, TextField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { protectionsTexts } from '../protectionsTexts';

/**
 * The guardian's answer: an optional monthly limit, and that they are the player's parent or guardian. `label` names
 * the form and its button: Consent, or Save Limit when a guardian who consented before sets a new limit.
 */
export function GuardianConsentForm({ label, busy, onSubmit }: { label: string; busy: boolean; onSubmit: (values: ConsentFormData) => void }) {
  // Typed as text while it is edited; the schema has checked the box is "yes" before onSubmit is called.
  const form = useValidatedForm<{ monthlyLimit: string; guardianConfirmed: string }>(consentFormSchema, { monthlyLimit: '', guardianConfirmed: '' });
  return (
    <form noValidate aria-label={label} onSubmit={form.handleSubmit((values) => !busy && onSubmit(values as ConsentFormData))}>
      <TextField {...form.field('monthlyLimit')} label={protectionsTexts.guardianLimitField} hint={protectionsTexts.guardianLimitHint} inputMode="decimal" autoComplete="off" />
      <CheckboxField {...form.field('guardianConfirmed')} label={protectionsTexts.guardianConfirm} />
      <SubmitButton busy={busy} label={label} busyLabel={protectionsTexts.consenting} style={{ marginTop: 16 }} />
    </form>
  );
}
