import { signInSchema } from '../../../../shared/validation/account';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '../../../components/Button';
import { FormError } from '../../../components/form/FormFeedback';
import { TextField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { selectAuthError, selectAuthPending, signInRequested } from '../authSlice';
import { authTexts } from '../authTexts';
import { AuthCard, Intro, SwitchButton, SwitchRow } from './AuthCard';
import type { AuthViewProps } from './authView';

export function SignInForm({ email, onEmailChange, onSwitch, item }: AuthViewProps) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectAuthPending) === 'signIn';
  const error = useAppSelector(selectAuthError);
  const form = useValidatedForm(signInSchema, { email, password: '' });

  return (
    <AuthCard aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading">{authTexts.signInHeading}</h1>
      <Intro>{authTexts.signInIntro}</Intro>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          if (!pending) dispatch(signInRequested({ ...values, item }));
        })}
      >
        <TextField
          name="email"
          type="email"
          label={authTexts.email}
          autoComplete="email"
          required
          value={form.values.email}
          error={form.errors.email}
          onChange={(event) => {
            form.setField('email', event.target.value);
            onEmailChange(event.target.value);
          }}
          onBlur={() => form.touch('email')}
        />
        <TextField
          name="password"
          type="password"
          label={authTexts.password}
          autoComplete="current-password"
          required
          value={form.values.password}
          error={form.errors.password}
          onChange={(event) => form.setField('password', event.target.value)}
          onBlur={() => form.touch('password')}
        />
        {error && <FormError>{error}</FormError>}
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? authTexts.signingIn : authTexts.signInButton}
        </Button>
      </form>
      <SwitchRow>
        <SwitchButton type="button" onClick={() => onSwitch('passwordReset')}>
          {authTexts.toReset}
        </SwitchButton>
        <SwitchButton type="button" onClick={() => onSwitch('signUp')}>
          {authTexts.toSignUp}
        </SwitchButton>
      </SwitchRow>
    </AuthCard>
  );
}
