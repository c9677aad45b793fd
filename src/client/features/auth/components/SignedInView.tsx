import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAuthPending, signOutRequested } from '../authSlice';
import { authTexts } from '../authTexts';
import { AuthCard, Intro } from './AuthCard';
import { AuthSubmit } from './AuthSubmit';

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
    </AuthCard>
  );
}
