import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageSection } from '../../components/Page';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ITEM_PARAM } from '../../../shared/routes';
import { useHydrated } from '../../hooks/useHydrated';
import { feedbackCleared, selectIsSignedIn } from './authSlice';
import type { AuthView, AuthViewProps } from './components/authView';
import { PasswordResetForm } from './components/PasswordResetForm';
import { SignedInView } from './components/SignedInView';
import { SignInForm } from './components/SignInForm';
import { SignUpForm } from './components/SignUpForm';
import { packItemOrNull } from './redirects';

const views: Record<AuthView, (props: AuthViewProps) => React.JSX.Element> = {
  signIn: SignInForm,
  signUp: SignUpForm,
  passwordReset: PasswordResetForm,
};

const titles: Record<AuthView, string> = { signIn: 'Sign In', signUp: 'Create Account', passwordReset: 'Reset Password' };

/** /signin-signup: the signed-in view, or sign in, create an account, or reset a password. */
export default function SignInSignUpPage() {
  const dispatch = useAppDispatch();
  // Who is signed in is known only in the browser: a prerendered page hydrates as the form, then shows it.
  const hydrated = useHydrated();
  const signedIn = useAppSelector(selectIsSignedIn) && hydrated;
  const [searchParams] = useSearchParams();
  const [view, setView] = useState<AuthView>('signIn');
  const [switched, setSwitched] = useState(false);
  const [email, setEmail] = useState('');
  usePageTitle(signedIn ? 'Your Account' : titles[view]);

  const View = views[view];
  return (
    <PageSection>
      {signedIn ? (
        <SignedInView />
      ) : (
        <View
          key={view}
          email={email}
          onEmailChange={setEmail}
          item={packItemOrNull(searchParams.get(ITEM_PARAM))}
          switched={switched}
          onSwitch={(next) => {
            dispatch(feedbackCleared());
            setView(next);
            setSwitched(true);
          }}
        />
      )}
    </PageSection>
  );
}
