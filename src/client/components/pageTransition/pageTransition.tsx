import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled, { css, keyframes } from 'styled-components';
import { useAppConfig } from '../../config/appConfig';
import { usePrefersReducedMotion } from '../../hooks/usePrefersReducedMotion';
import { installLeaveGuard } from '../../lib/leaveGuard';

type TransitionPhase = 'enter' | 'leave';

const enter = keyframes`
  from { transform: translateY(24px); }
  to { opacity: 1; transform: none; }
`;

const leave = keyframes`
  from { opacity: 1; transform: none; }
  to { opacity: 0; transform: translateY(-24px); }
`;

const Animated = styled.div<{ $phase: TransitionPhase; $durationMs: number }>`
  ${({ $phase, $durationMs }) =>
    $durationMs > 0 &&
    css`
      animation: ${$phase === 'enter' ? enter : leave} ${$durationMs}ms ease both;
    `}
`;

/**
 * A page that animates in when it mounts (a rise: its content shows from the first frame, so the page's largest
 * paint is not held back by a fade) and out before the visitor leaves it: a move to another page is held for the
 * leave animation, then let through (lib/leaveGuard; the browser's back and forward buttons are not held). The
 * duration is LANDING_ANIMATION_MS; there is no animation at all when the visitor prefers reduced motion.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { landingAnimationMs } = useAppConfig();
  const reducedMotion = usePrefersReducedMotion();
  const durationMs = reducedMotion ? 0 : landingAnimationMs;
  const { pathname } = useLocation();
  const [phase, setPhase] = useState<TransitionPhase>('enter');

  useEffect(() => {
    if (durationMs <= 0) return undefined;
    return installLeaveGuard((nextPathname) =>
      nextPathname === pathname ? null : { holdMs: durationMs, onHold: () => setPhase('leave') },
    );
  }, [durationMs, pathname]);

  return (
    <Animated $phase={phase} $durationMs={durationMs} data-transition={durationMs > 0 ? phase : 'none'}>
      {children}
    </Animated>
  );
}
