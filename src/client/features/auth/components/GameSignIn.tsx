import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, LinkButton, SecondaryButton } from '../../../components/Button';
import { FormError, FormStatus } from '../../../components/form/FormFeedback';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useFocusWhen } from '../../../hooks/useFocusWhen';
import { qrCodeDataUrl } from '../../../lib/qrCode';
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

const CodeBox = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  margin-top: 20px;
  text-align: center;
`;

const Code = styled.p`
  margin: 0;
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: clamp(2rem, 9vw, 2.6rem);
  font-weight: 700;
  letter-spacing: 0.12em;
  color: ${({ theme }) => theme.colors.goldBright};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 4px;
  }
`;

/** White around the code, as scanners like it; a fixed size, so the page does not move as it is drawn. */
const Qr = styled.img`
  width: 192px;
  height: 192px;
  border-radius: ${({ theme }) => theme.radius.small};
  background: #ffffff;
`;

const Question = styled.div`
  margin-top: 24px;
`;

const Small = styled.p`
  margin: 0;
  font-size: 0.95rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** "1:42": minutes and seconds left, by this browser's clock, counted down each second. */
function useTimeLeft(expiresAt: number | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === null) return undefined;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [expiresAt]);
  if (expiresAt === null) return null;
  const seconds = Math.max(0, Math.ceil((expiresAt - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function QrCode({ link, code }: { link: string; code: string }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void qrCodeDataUrl(link).then((url) => current && setSource(url));
    return () => {
      current = false;
    };
  }, [link]);
  return source ? <Qr src={source} alt={authTexts.gameQrAlt(code)} data-testid="game-qr" /> : <Qr as="div" aria-hidden="true" />;
}

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
  const left = useTimeLeft(status === 'waiting' ? expiresAt : null);
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
      {code && gameLink && status === 'waiting' && (
        <CodeBox>
          <Small id="game-code-label">{authTexts.gameCodeLabel}</Small>
          <Code ref={codeRef} tabIndex={-1}>
            <span aria-hidden="true" data-testid="game-code">
              {code}
            </span>
            <VisuallyHidden>{authTexts.gameCodeSpelled(code)}</VisuallyHidden>
          </Code>
          {/* How long it works, under the code it is about: on the first screen with it. */}
          {left && <Small data-testid="game-countdown">{authTexts.gameCountdown(left)}</Small>}
          <QrCode link={gameLink} code={code} />
          <LinkButton href={gameLink}>{authTexts.openGame}</LinkButton>
          <Small>{authTexts.openGameHint}</Small>
        </CodeBox>
      )}
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
