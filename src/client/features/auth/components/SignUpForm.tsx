import { useMemo } from 'react';
import { signUpSchema } from '../../../../shared/validation/account';
import { localToday } from '../../../lib/localToday';
import { useAppDispatch, useAppSelector } from '../../../wiring/hooks';
import { TextField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { selectAuthPending, signUpRequested } from '../authSlice';
import { authTexts } from '../authTexts';
import { handOverPassword } from '../passwordHandoff';
import { AuthCard, Intro, SwitchButton, SwitchRow, ViewHeading } from './AuthCard';
import { AuthSubmit } from './AuthSubmit';
import type { AuthViewProps } from './authView';
import { EmailField, useEmailSync } from './EmailField';

export function SignUpForm({ email, onEmailChange, onSwitch, item, switched }: AuthViewProps) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectAuthPending) === 'signUp';
  const today = useMemo(localToday, []);
  const schema = useMemo(() => signUpSchema(today), [today]);
  const form = useValidatedForm(schema, { email, password: '', confirmPassword: '', birthDate: '' });
  useEmailSync(form.values.email, onEmailChange);

  return (
    <AuthCard aria-labelledby="sign-up-heading">
      <ViewHeading id="sign-up-heading" focus={switched}>
        {authTexts.signUpHeading}
      </ViewHeading>
      <Intro>{authTexts.signUpIntro}</Intro>
      <form
        noValidate
        onSubmit={form.handleSubmit(({ email: address, password, birthDate }) => {
          if (!pending) dispatch(signUpRequested({ email: address, passwordTicket: handOverPassword(password), item, birthDate }));
        })}
      >
        <EmailField {...form.field('email')} />
        <TextField
          {...form.field('password')}
          type="password"
          label={authTexts.newPassword}
          autoComplete="new-password"
          required
        />
        <TextField
          {...form.field('confirmPassword')}
          type="password"
          label={authTexts.confirmPassword}
          autoComplete="new-password"
          required
        />
        <TextField {...form.field('birthDate')} type="date" label={authTexts.birthDate} autoComplete="bday" min="1900-01-01" max={today} required />
        <AuthSubmit pending={pending} label={authTexts.signUpButton} pendingLabel={authTexts.signingUp} />
      </form>
      <SwitchRow>
        <SwitchButton type="button" onClick={() => onSwitch('signIn')}>
          {authTexts.toSignIn}
        </SwitchButton>
      </SwitchRow>
    </AuthCard>
  );
}
