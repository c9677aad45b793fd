import { useEffect, useState, type Ref } from 'react';
import styled from 'styled-components';
import { LinkButton } from '../../../components/Button';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { qrCodeDataUrl } from '../../../lib/qrCode';
import { authTexts } from '../authTexts';

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

export const Small = styled.p`
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
 * A code the game confirms: large, as XXXX-XXXX (spelled out to a screen reader), how long it works (counted down
 * honestly), its QR code and "Open Wyrmcrown" with the code filled in.
 */
export function GameCode({ code, gameLink, expiresAt, codeRef }: { code: string; gameLink: string; expiresAt: number | null; codeRef?: Ref<HTMLParagraphElement> }) {
  const left = useTimeLeft(expiresAt);
  return (
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
  );
}
