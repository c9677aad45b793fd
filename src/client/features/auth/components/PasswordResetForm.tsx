import { passwordResetSchema } from '../../../../shared/validation/account';
import { useAppDispatch, useAppSelector } from '../../../wiring/hooks';
import { FormStatus } from '../../../components/form/FormFeedback';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { authMessages } from '../authErrors';
import { passwordResetRequested, selectAuthPending, selectPasswordResetSent } from '../authSlice';
import { authTexts } from '../authTexts';
import { AuthForm } from './AuthCard';
import { AuthSubmit } from './AuthSubmit';
import type { AuthViewProps } from './authView';
import { EmailField, useEmailSync } from './EmailField';

export function PasswordResetForm({ email, onEmailChange, onSwitch, switched }: AuthViewProps) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectAuthPending) === 'passwordReset';
  const sent = useAppSelector(selectPasswordResetSent);
  const form = useValidatedForm(passwordResetSchema, { email });
  useEmailSync(form.values.email, onEmailChange);

  return (
    <AuthForm
      id="reset-heading"
      heading={authTexts.resetHeading}
      switched={switched}
      intro={authTexts.resetIntro}
      onSubmit={form.handleSubmit((values) => {
        if (!pending) dispatch(passwordResetRequested(values));
      })}
      switches={[{ to: 'signIn', label: authTexts.toSignIn }]}
      onSwitch={onSwitch}
    >
      <EmailField {...form.field('email')} />
      <AuthSubmit pending={pending} label={authTexts.resetButton} pendingLabel={authTexts.resetting}>
        {sent && <FormStatus takeFocus>{authMessages.resetSent}</FormStatus>}
      </AuthSubmit>
    </AuthForm>
  );
}
