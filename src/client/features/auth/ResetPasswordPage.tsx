import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { newPasswordSchema } from '../../../shared/validation/account';
import { ROUTES } from '../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../wiring/hooks';
import { Button, buttonStyle } from '../../components/Button';
import { FormError, FormStatus } from '../../components/form/FormFeedback';
import { TextField } from '../../components/form/TextField';
import { useValidatedForm } from '../../components/form/useValidatedForm';
import { PageSection } from '../../components/Page';
import { usePageTitle } from '../../hooks/usePageTitle';
import { newPasswordRequested, resetLinkOpened, selectNewPassword } from './authSlice';
import { authTexts } from './authTexts';
import { AuthCard, Intro, ViewHeading } from './components/AuthCard';
import { AuthSubmit } from './components/AuthSubmit';
import { handOverPassword } from './passwordHandoff';

const SignInLink = styled(Link)`
  ${buttonStyle}
  margin-top: 20px;
`;

const headings = {
  checking: authTexts.checkingLinkHeading,
  ready: authTexts.newPasswordHeading,
  saving: authTexts.newPasswordHeading,
  saved: authTexts.passwordChangedHeading,
  invalidLink: authTexts.badLinkHeading,
} as const;

function NewPasswordForm({ email, saving, error }: { email: string; saving: boolean; error: string | null }) {
  const dispatch = useAppDispatch();
  const form = useValidatedForm(newPasswordSchema, { password: '', confirmPassword: '' });
  return (
    <>
      <Intro>{authTexts.newPasswordFor(email)}</Intro>
      <form
        noValidate
        aria-label={authTexts.newPasswordHeading}
        onSubmit={form.handleSubmit(({ password }) => {
          if (!saving) dispatch(newPasswordRequested({ passwordTicket: handOverPassword(password) }));
        })}
      >
        {/* Lets a password manager file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField {...form.field('password')} type="password" label={authTexts.newPassword} autoComplete="new-password" required />
        <TextField {...form.field('confirmPassword')} type="password" label={authTexts.confirmPassword} autoComplete="new-password" required />
        {error && <FormError takeFocus>{error}</FormError>}
        <AuthSubmit pending={saving} label={authTexts.saveNewPassword} pendingLabel={authTexts.savingNewPassword} />
      </form>
    </>
  );
}

/**
 * /reset-password?oobCode=…: the page a reset email links to, in the store's own look. It checks the link,
 * takes the new password (twice), and sends the player on to sign in with it; a used, expired or forged
 * link changes nothing and says so.
 */
export default function ResetPasswordPage() {
  const dispatch = useAppDispatch();
  const { status, email, error } = useAppSelector(selectNewPassword);
  const heading = headings[status];
  usePageTitle(heading);
  useEffect(() => {
    dispatch(resetLinkOpened());
  }, [dispatch]);

  return (
    <PageSection>
      <AuthCard aria-labelledby="new-password-heading">
        {/* Each step's heading takes focus as the step appears (saving keeps the form's). */}
        <ViewHeading key={heading} id="new-password-heading" focus>
          {heading}
        </ViewHeading>
        {status === 'checking' && !error && <FormStatus>{authTexts.checkingLink}</FormStatus>}
        {status === 'checking' && error && (
          <>
            <FormError takeFocus>{error}</FormError>
            <Button type="button" onClick={() => dispatch(resetLinkOpened())}>
              {authTexts.checkAgain}
            </Button>
          </>
        )}
        {(status === 'ready' || status === 'saving') && email && <NewPasswordForm email={email} saving={status === 'saving'} error={error} />}
        {status === 'saved' && <Intro>{authTexts.passwordChanged}</Intro>}
        {status === 'invalidLink' && <Intro>{authTexts.badLink}</Intro>}
        {(status === 'saved' || status === 'invalidLink') && <SignInLink to={ROUTES.signInSignUp}>{authTexts.toSignInPage}</SignInLink>}
      </AuthCard>
    </PageSection>
  );
}
