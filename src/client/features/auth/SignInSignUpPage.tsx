import { Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../wiring/hooks';
import { PageSection } from '../../components/Page';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ITEM_PARAM } from '../../../shared/routes';
import { useHydrated } from '../../hooks/useHydrated';
import { whenPageIsIdle } from '../../lib/whenPageIsIdle';
import { feedbackCleared, selectIsSignedIn } from './authSlice';
import type { AuthView, AuthViewProps } from './components/authView';
import { PasswordResetForm } from './components/PasswordResetForm';
import { SignedInView } from './components/SignedInView';
import { SignInForm } from './components/SignInForm';
import { SignUpForm } from './components/SignUpForm';
import { GameChoice } from './components/GameChoice';
import { LazyGameSignIn, loadGameSignIn } from './components/LazyGameSignIn';
import { authTexts } from './authTexts';
import { packItemOrNull } from './redirects';

const views: Record<AuthView, React.ComponentType<AuthViewProps>> = {
  signIn: SignInForm,
  signUp: SignUpForm,
  passwordReset: PasswordResetForm,
  game: LazyGameSignIn,
};

const titles: Record<AuthView, string> = { signIn: 'Sign In', signUp: 'Create Account', passwordReset: 'Reset Password', game: 'Sign in with the Game' };

/** The view and the game's choice, one above the other: the game first on a phone, where most players are. */
const Views = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;

  @media (max-width: 719.98px) {
    [data-testid='game-choice'] {
      order: -1;
    }
  }
`;

/**
 * /signin-signup: the signed-in view, or sign in, create an account, reset a password, or sign in with the game
 * (offered beside the others; a signed-in player may use it to switch to their game account, and is asked first).
 */
export default function SignInSignUpPage() {
  const dispatch = useAppDispatch();
  // Who is signed in is known only in the browser: a prerendered page hydrates as the form, then shows it.
  const hydrated = useHydrated();
  const signedIn = useAppSelector(selectIsSignedIn) && hydrated;
  const [searchParams] = useSearchParams();
  const [view, setView] = useState<AuthView>('signIn');
  const [switched, setSwitched] = useState(false);
  const [email, setEmail] = useState('');
  const showView = !signedIn || view === 'game';
  usePageTitle(showView ? titles[view] : 'Your Account');
  // The game's sign-in is ready by the time a player chooses it, loaded once the page has nothing else to do.
  useEffect(() => whenPageIsIdle(() => void loadGameSignIn()), []);

  const View = views[view];
  const switchTo = (next: AuthView) => {
    dispatch(feedbackCleared());
    setView(next);
    setSwitched(true);
  };
  return (
    <PageSection>
      <Views>
        {showView ? (
          <Suspense fallback={null}>
            <View key={view} email={email} onEmailChange={setEmail} item={packItemOrNull(searchParams.get(ITEM_PARAM))} switched={switched} onSwitch={switchTo} />
          </Suspense>
        ) : (
          <SignedInView />
        )}
        {view !== 'game' && <GameChoice onChoose={() => switchTo('game')} label={signedIn ? authTexts.withGameSwitch : authTexts.withGame} />}
      </Views>
    </PageSection>
  );
}
