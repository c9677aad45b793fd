import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../wiring/hooks';
import { Button, SecondaryButton } from '../../../components/Button';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { selectUser } from '../authSlice';
import { authTexts } from '../authTexts';
import { gameSignInLeft, gameSignInStarted, selectGameSignIn } from '../gameSignInSlice';
import { GameCode } from './GameCode';

/**
 * In a browser signed in with the game, what its store session does not reach (the details remembered and the orders
 * made elsewhere: src/shared/storeSession.ts) shows once the game confirms it: a code the player confirms in the game
 * as they signed in, and the session's token again, now saying so. A phished code so never reaches personal data unseen.
 * Nothing shows for a session confirmed already, unless it was confirmed here (its status stays said).
 */
export function ConfirmInGame() {
  const dispatch = useAppDispatch();
  const { status, purpose, code, gameLink, expiresAt, error } = useAppSelector(selectGameSignIn);
  const confirmedAlready = useAppSelector(selectUser)?.storeSession?.personalData === true;
  const [asked, setAsked] = useState(false);
  const mine = asked && purpose === 'personalData';
  useEffect(
    () => () => {
      if (asked) dispatch(gameSignInLeft());
    },
    [asked, dispatch],
  );
  const ask = () => {
    setAsked(true);
    dispatch(gameSignInStarted({ item: null, purpose: 'personalData' }));
  };
  if (!mine) {
    if (confirmedAlready) return null;
    return (
      <Button type="button" onClick={ask}>
        {authTexts.confirmInGame}
      </Button>
    );
  }
  return (
    <div data-testid="confirm-in-game">
      {status === 'starting' && <FormStatus>{authTexts.gameStarting}</FormStatus>}
      {status === 'waiting' && code && gameLink && (
        <>
          <p>{authTexts.confirmInGameSteps}</p>
          <GameCode code={code} gameLink={gameLink} expiresAt={expiresAt} />
          <FormStatus>{authTexts.gameWaiting}</FormStatus>
        </>
      )}
      {status === 'confirmed' && <FormStatus takeFocus>{authTexts.confirmedInGame}</FormStatus>}
      {(status === 'expired' || status === 'failed') && (
        <>
          {status === 'expired' ? <FormStatus takeFocus>{authTexts.confirmExpired}</FormStatus> : <FormError takeFocus>{error}</FormError>}
          <SecondaryButton type="button" onClick={ask}>
            {authTexts.gameNewCode}
          </SecondaryButton>
        </>
      )}
    </div>
  );
}
