import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ROUTES } from '../../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../../wiring/hooks';
import { selectAuthPending, selectUser, signOutRequested } from '../authSlice';
import { authTexts } from '../authTexts';
import { AuthCard, Intro } from './AuthCard';
import { AuthSubmit } from './AuthSubmit';
import { LazyConfirmInGame } from './LazyGameSignIn';

const Reach = styled.section`
  margin-top: 28px;
  padding-top: 20px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h2 {
    margin: 0 0 8px;
    font-size: 1.25rem;
  }
`;

/**
 * A browser signed in with the game reaches the account's personal data (its remembered details, the orders made
 * elsewhere) once the game confirms it: asked here, where the orders page and the details send the player.
 */
function ThisBrowsersReach() {
  const session = useAppSelector(selectUser)?.storeSession;
  if (!session) return null;
  return (
    <Reach aria-labelledby="this-browser-heading" data-testid="this-browser">
      <h2 id="this-browser-heading">{authTexts.thisBrowserHeading}</h2>
      <p>{session.personalData ? authTexts.thisBrowserConfirmed : authTexts.thisBrowserIntro}</p>
      <LazyConfirmInGame />
      {session.personalData && (
        <p>
          <Link to={ROUTES.orders}>{authTexts.toAllOrders}</Link>
        </p>
      )}
    </Reach>
  );
}

export function SignedInView() {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectAuthPending) === 'signOut';
  return (
    <AuthCard aria-labelledby="signed-in-heading">
      <h1 id="signed-in-heading">{authTexts.signedInHeading}</h1>
      <Intro>{authTexts.signedInText}</Intro>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          dispatch(signOutRequested({ goHome: false }));
        }}
      >
        <AuthSubmit pending={pending} label={authTexts.logout} pendingLabel={authTexts.loggingOut} />
      </form>
      <ThisBrowsersReach />
    </AuthCard>
  );
}
