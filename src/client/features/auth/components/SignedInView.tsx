import { Link } from 'react-router-dom';
import { ROUTES } from '../../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAuthPending, selectUser, signOutRequested } from '../authSlice';
import { authTexts } from '../authTexts';
import { AuthCard, Intro } from './AuthCard';
import { AuthSubmit } from './AuthSubmit';
import { LazyConfirmInGame } from './LazyGameSignIn';

/**
 * A browser signed in with the game reaches the account's personal data (its remembered details, the orders made
 * elsewhere) once the game confirms it: asked here, where the orders page and the details send the player.
 */
function ThisBrowsersReach() {
  const session = useAppSelector(selectUser)?.storeSession;
  if (!session) return null;
  return (
    <section aria-labelledby="this-browser-heading" data-testid="this-browser">
      <h2 id="this-browser-heading">{authTexts.thisBrowserHeading}</h2>
      <p>{session.personalData ? authTexts.thisBrowserConfirmed : authTexts.thisBrowserIntro}</p>
      <LazyConfirmInGame />
      {session.personalData && (
        <p>
          <Link to={ROUTES.orders}>{authTexts.toAllOrders}</Link>
        </p>
      )}
    </section>
  );
}

export function SignedInView() {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectAuthPending) === 'signOut';
  return (
    <AuthCard aria-labelledby="signed-in-heading">
      <h1 id="signed-in-heading">{authTexts.signedInHeading}</h1>
      <Intro>{authTexts.signedInText}</Intro>
      <ThisBrowsersReach />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          dispatch(signOutRequested({ goHome: false }));
        }}
      >
        <AuthSubmit pending={pending} label={authTexts.logout} pendingLabel={authTexts.loggingOut} />
      </form>
    </AuthCard>
  );
}
