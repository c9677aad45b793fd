import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button } from '../../../components/Button';
import { FormError } from '../../../components/form/FormFeedback';
import { selectAuthError, selectAuthPending, signOutRequested } from '../authSlice';
import { authTexts } from '../authTexts';
import { AuthCard, Intro } from './AuthCard';

export function SignedInView() {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectAuthPending) === 'signOut';
  const error = useAppSelector(selectAuthError);
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
        {error && <FormError>{error}</FormError>}
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? authTexts.loggingOut : authTexts.logout}
        </Button>
      </form>
    </AuthCard>
  );
}
