import { passwordResetSchema } from '../../../../shared/validation/account';
import { useAppDispatch, useAppSelector } from '../../../wiring/hooks';
import { FormStatus } from '../../../components/form/FormFeedback';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { authMessages } from '../authErrors';
import { passwordResetRequested, selectAuthPending, selectPasswordResetSent } from '../authSlice';
import { authTexts } from '../authTexts';
import { AuthCard, Intro, SwitchButton, SwitchRow, ViewHeading } from './AuthCard';
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
    <AuthCard aria-labelledby="reset-heading">
      <ViewHeading id="reset-heading" focus={switched}>
        {authTexts.resetHeading}
      </ViewHeading>
      <Intro>{authTexts.resetIntro}</Intro>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          if (!pending) dispatch(passwordResetRequested(values));
        })}
      >
        <EmailField {...form.field('email')} />
        <AuthSubmit pending={pending} label={authTexts.resetButton} pendingLabel={authTexts.resetting}>
          {sent && <FormStatus takeFocus>{authMessages.resetSent}</FormStatus>}
        </AuthSubmit>
      </form>
      <SwitchRow>
        <SwitchButton type="button" onClick={() => onSwitch('signIn')}>
          {authTexts.toSignIn}
        </SwitchButton>
      </SwitchRow>
    </AuthCard>
  );
}
