import { useMemo } from 'react';
import { signUpSchema } from '../../../../shared/validation/account';
import { localToday } from '../../../lib/localToday';
import { useAppDispatch, useAppSelector } from '../../../wiring/hooks';
import { TextField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { selectAuthPending, signUpRequested } from '../authSlice';
import { authTexts } from '../authTexts';
import { handOverPassword } from '../passwordHandoff';
import { AuthForm } from './AuthCard';
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
    <AuthForm
      id="sign-up-heading"
      heading={authTexts.signUpHeading}
      switched={switched}
      intro={authTexts.signUpIntro}
      onSubmit={form.handleSubmit(({ email: address, password, birthDate }) => {
        if (!pending) dispatch(signUpRequested({ email: address, passwordTicket: handOverPassword(password), item, birthDate }));
      })}
      switches={[{ to: 'signIn', label: authTexts.toSignIn }]}
      onSwitch={onSwitch}
    >
      <EmailField {...form.field('email')} />
      <TextField {...form.field('password')} type="password" label={authTexts.newPassword} autoComplete="new-password" required />
      <TextField {...form.field('confirmPassword')} type="password" label={authTexts.confirmPassword} autoComplete="new-password" required />
      <TextField {...form.field('birthDate')} type="date" label={authTexts.birthDate} autoComplete="bday" min="1900-01-01" max={today} required />
      <AuthSubmit pending={pending} label={authTexts.signUpButton} pendingLabel={authTexts.signingUp} />
    </AuthForm>
  );
}
