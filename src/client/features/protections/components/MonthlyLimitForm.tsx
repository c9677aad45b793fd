import { spendingLimitFormSchema, type SpendingLimitFormData } from '../../../../shared/validation/spendingLimit';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';

interface MonthlyLimitFormProps {
  name: string;
  label: string;
  hint: string;
  submit: { label: string; busyLabel: string };
  busy: boolean;
  onSubmit: (values: SpendingLimitFormData) => void;
}

/** A monthly limit in A$ (empty for none), checked by the shared rules: the player's own, or a guardian's with their consent. */
export function MonthlyLimitForm({ name, label, hint, submit, busy, onSubmit }: MonthlyLimitFormProps) {
  const form = useValidatedForm(spendingLimitFormSchema, { monthlyLimit: '' });
  return (
    <form noValidate aria-label={name} onSubmit={form.handleSubmit((values) => !busy && onSubmit(values))}>
      <TextField {...form.field('monthlyLimit')} label={label} hint={hint} inputMode="decimal" autoComplete="off" />
      <SubmitButton busy={busy} label={submit.label} busyLabel={submit.busyLabel} style={{ marginTop: 16 }} />
    </form>
  );
}
