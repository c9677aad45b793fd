import type { ReactNode } from 'react';
import { useAppSelector } from '../../../wiring/hooks';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { FormError } from '../../../components/form/FormFeedback';
import { selectAuthError } from '../authSlice';

interface AuthSubmitProps {
  /** This form's request is under way: the button shows it and cannot be pressed again. */
  pending: boolean;
  label: string;
  pendingLabel: string;
  /** Shown between the error and the button (e.g. "reset email sent"). */
  children?: ReactNode;
}

/** The foot of every form on the sign-in page: what went wrong, then a submit button showing progress. */
export function AuthSubmit({ pending, label, pendingLabel, children }: AuthSubmitProps) {
  const error = useAppSelector(selectAuthError);
  return (
    <>
      {error && <FormError takeFocus>{error}</FormError>}
      {children}
      <SubmitButton busy={pending} label={label} busyLabel={pendingLabel} />
    </>
  );
}
