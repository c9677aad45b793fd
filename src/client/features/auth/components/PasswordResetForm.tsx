import { passwordResetSchema } from '../../../../shared/validation/account';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '../../../components/Button';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { authMessages } from '../authErrors';
import { passwordResetRequested, selectAuthError, selectAuthPending, selectPasswordResetSent } from '../authSlice';
import { authTexts } from '../authTexts';
import { AuthCard, Intro, SwitchButton, SwitchRow } from './AuthCard';
import type { AuthViewProps } from './authView';
import { EmailField, useEmailSync } from './EmailField';

export function PasswordResetForm({ email, onEmailChange, onSwitch }: AuthViewProps) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectAuthPending) === 'passwordReset';
  const error = useAppSelector(selectAuthError);
  const sent = useAppSelector(selectPasswordResetSent);
  const form = useValidatedForm(passwordResetSchema, { email });
  useEmailSync(form.values.email, onEmailChange);

  return (
    <AuthCard aria-labelledby="reset-heading">
      <h1 id="reset-heading">{authTexts.resetHeading}</h1>
      <Intro>{authTexts.resetIntro}</Intro>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          if (!pending) dispatch(passwordResetRequested(values));
        })}
      >
        <EmailField {...form.field('email')} />
        {error && <FormError>{error}</FormError>}
        {sent && <FormStatus>{authMessages.resetSent}</FormStatus>}
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? authTexts.resetting : authTexts.resetButton}
        </Button>
      </form>
      <SwitchRow>
        <SwitchButton type="button" onClick={() => onSwitch('signIn')}>
          {authTexts.toSignIn}
        </SwitchButton>
      </SwitchRow>
    </AuthCard>
  );
}
