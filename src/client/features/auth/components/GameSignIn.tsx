import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../wiring/hooks';
import { Button, SecondaryButton } from '../../../components/Button';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { useFocusWhen } from '../../../hooks/useFocusWhen';
import { GameCode } from './GameCode';
import { selectIsSignedIn } from '../authSlice';
import { authTexts } from '../authTexts';
import { gameAccountKept, gameAccountReplaced, gameSignInLeft, gameSignInStarted, selectGameSignIn } from '../gameSignInSlice';
import { AuthCard, Intro, SwitchButton, SwitchRow, ViewHeading } from './AuthCard';
import type { AuthViewProps } from './authView';

const Steps = styled.ol`
  margin: 16px 0 0;
  padding-left: 1.3em;

  li + li {
    margin-top: 6px;
  }
`;

const Question = styled.div`
  margin-top: 24px;
`;

/**
 * The question before the game's account becomes this browser's: "Is this you?" when signed out, "Switch account?"
 * beside the one it is signed in as. The choice that changes nothing has the focus first.
 */
function AccountQuestion({ current, next }: { current: string | null; next: string }) {
  const dispatch = useAppDispatch();
  return (
    <Question role="group" aria-labelledby="game-replace-heading" data-testid="game-replace">
      <h2 id="game-replace-heading">{current ? authTexts.gameReplaceHeading : authTexts.gameConfirmHeading}</h2>
      <p>{current ? authTexts.gameReplace(current, next) : authTexts.gameConfirm(next)}</p>
      <SwitchRow>
        <Button type="button" onClick={() => dispatch(gameAccountReplaced())}>
          {current ? authTexts.gameReplaceYes : authTexts.gameConfirmYes}
        </Button>
        <SecondaryButton type="button" autoFocus onClick={() => dispatch(gameAccountKept({ signedIn: Boolean(current) }))}>
          {current ? authTexts.gameReplaceNo : authTexts.gameConfirmNo}
        </SecondaryButton>
      </SwitchRow>
    </Question>
  );
}

/**
 * Sign in with the game: the code (large, as XXXX-XXXX), its QR code and "Open Wyrmcrown" with the code filled in,
 * how long it works (counted down honestly, then a new code on request), and the sign-in once the game confirms.
 */
export function GameSignIn({ onSwitch, item, switched }: AuthViewProps) {
  const dispatch = useAppDispatch();
  const { status, code, gameLink, expiresAt, error, replacing, kept } = useAppSelector(selectGameSignIn);
  const signedIn = useAppSelector(selectIsSignedIn);
  // Show a New Code leaves with its button: focus waits on the status, then goes to the new code (never to the page).
  const [renewed, setRenewed] = useState(false);
  const codeRef = useFocusWhen<HTMLParagraphElement>(renewed && status === 'waiting');
  useEffect(() => {
    dispatch(gameSignInStarted({ item }));
    return () => {
      dispatch(gameSignInLeft());
    };
  }, [dispatch, item]);

  return (
    <AuthCard aria-labelledby="game-heading" data-testid="game-sign-in">
      <ViewHeading id="game-heading" focus={switched}>
        {authTexts.gameHeading}
      </ViewHeading>
      <Intro>{authTexts.withGameIntro}</Intro>
      {status === 'starting' && <FormStatus takeFocus={renewed}>{authTexts.gameStarting}</FormStatus>}
      {/* The code and its QR before the steps: at 1280×800 both are on the first screen. */}
      {code && gameLink && status === 'waiting' && <GameCode code={code} gameLink={gameLink} expiresAt={expiresAt} codeRef={codeRef} />}
      {status === 'waiting' && <FormStatus>{authTexts.gameWaiting}</FormStatus>}
      <Steps>
        {authTexts.gameSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </Steps>
      {status === 'signingIn' && <FormStatus takeFocus>{authTexts.gameSigningIn}</FormStatus>}
      {status === 'asking' && replacing && <AccountQuestion {...replacing} />}
      {kept && <FormStatus takeFocus>{kept === 'signedIn' ? authTexts.gameKept : authTexts.gameRefused}</FormStatus>}
      {(status === 'expired' || status === 'failed') && (
        <>
          {status === 'expired' ? <FormStatus takeFocus>{authTexts.gameExpired}</FormStatus> : <FormError takeFocus>{error}</FormError>}
          <Button
            type="button"
            style={{ marginTop: 16 }}
            onClick={() => {
              setRenewed(true);
              dispatch(gameSignInStarted({ item }));
            }}
          >
            {authTexts.gameNewCode}
          </Button>
        </>
      )}
      <SwitchRow>
        <SwitchButton type="button" onClick={() => onSwitch('signIn')}>
          {signedIn ? authTexts.gameBackToAccount : authTexts.gameBackToEmail}
        </SwitchButton>
      </SwitchRow>
    </AuthCard>
  );
}
