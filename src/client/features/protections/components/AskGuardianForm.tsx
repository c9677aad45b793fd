import { guardianEmailSchema } from '../../../../shared/validation/protections';
import { useAppSelector } from '../../../wiring/hooks';
import { errorMessage } from '../../../wiring/serverApi';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { useAskGuardianConsentMutation } from '../protectionsApi';
import { selectAskedOf } from '../protectionsSlice';
import { protectionsTexts } from '../protectionsTexts';

interface AskGuardianFormProps {
  /** The form's name and its button. */
  label: string;
  /** What the form says once the email is on its way. */
  sentText: (guardianEmail: string) => string;
  /** The guardian who consented: a change of their limit goes to them only, so there is no address to type. */
  consentedGuardian?: string;
}

/**
 * The store emails a guardian its signed link: to consent (before a young player's first purchase, to the address
 * typed) or to change the limit they set (the same page and link, to the guardian who consented).
 */
export function AskGuardianForm({ label, sentText, consentedGuardian }: AskGuardianFormProps) {
  const [askGuardian, asked] = useAskGuardianConsentMutation();
  const askedOf = useAppSelector(selectAskedOf);
  const form = useValidatedForm(guardianEmailSchema, { guardianEmail: consentedGuardian ?? '' });
  const sending = asked.isLoading;
  return (
    <form noValidate aria-label={label} onSubmit={form.handleSubmit((values) => !sending && void askGuardian(values))}>
      {consentedGuardian === undefined && <TextField {...form.field('guardianEmail')} type="email" label={protectionsTexts.guardianEmail} autoComplete="off" required />}
      {asked.isError && <FormError takeFocus>{errorMessage(asked.error)}</FormError>}
      {askedOf && !asked.isError && <FormStatus takeFocus>{sentText(askedOf)}</FormStatus>}
      <SubmitButton busy={sending} label={label} busyLabel={protectionsTexts.sending} style={{ marginTop: 16 }} />
    </form>
  );
}
