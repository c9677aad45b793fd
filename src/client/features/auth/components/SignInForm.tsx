import { findPack } from '../../../../shared/catalogue';
import { pageShelf } from '../../../config/pageShelf';
import { formatAud } from '../../../../shared/money';
import { signInSchema } from '../../../../shared/validation/account';
import { useAppDispatch, useAppSelector } from '../../../wiring/hooks';
import { TextField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { FormStatus } from '../../../components/form/FormFeedback';
import { selectAuthPending, selectSignedOutNotice, signInRequested } from '../authSlice';
import { authTexts } from '../authTexts';
import { handOverPassword } from '../passwordHandoff';
import { AuthForm } from './AuthCard';
import { AuthSubmit } from './AuthSubmit';
import type { AuthViewProps } from './authView';
import { EmailField, useEmailSync } from './EmailField';

export function SignInForm({ email, onEmailChange, onSwitch, item, switched }: AuthViewProps) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectAuthPending) === 'signIn';
  const signedOutNotice = useAppSelector(selectSignedOutNotice);
  const form = useValidatedForm(signInSchema, { email, password: '' });
  useEmailSync(form.values.email, onEmailChange);
  // Sent here by Buy: the page names the pack the visitor chose, so they know what the sign-in is for.
  const packBeingBought = item ? findPack(pageShelf().shelf.packs, item) : null;

  return (
    <AuthForm
      id="sign-in-heading"
      heading={authTexts.signInHeading}
      switched={switched}
      before={signedOutNotice && <FormStatus takeFocus>{authTexts.signedOut}</FormStatus>}
      intro={packBeingBought ? authTexts.signInForPack(packBeingBought.title, formatAud(packBeingBought.priceCents)) : authTexts.signInIntro}
      onSubmit={form.handleSubmit((values) => {
        if (!pending) dispatch(signInRequested({ email: values.email, passwordTicket: handOverPassword(values.password), item }));
      })}
      switches={[
        { to: 'passwordReset', label: authTexts.toReset },
        { to: 'signUp', label: authTexts.toSignUp },
      ]}
      onSwitch={onSwitch}
    >
      <EmailField {...form.field('email')} />
      <TextField {...form.field('password')} type="password" label={authTexts.password} autoComplete="current-password" required />
      <AuthSubmit pending={pending} label={authTexts.signInButton} pendingLabel={authTexts.signingIn} />
    </AuthForm>
  );
}
