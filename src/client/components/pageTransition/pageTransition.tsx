import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router-dom';
import styled, { css, keyframes } from 'styled-components';
import { useAppConfig } from '../../config/appConfig';
import { usePrefersReducedMotion } from '../../hooks/usePrefersReducedMotion';

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
 * A page that animates in when it mounts and out before the visitor leaves it: navigation to another page
 * is held for the leave animation, then let through. The duration is LANDING_ANIMATION_MS; there is no
 * animation at all when the visitor prefers reduced motion.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { landingAnimationMs } = useAppConfig();
  const reducedMotion = usePrefersReducedMotion();
  const durationMs = reducedMotion ? 0 : landingAnimationMs;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => durationMs > 0 && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return undefined;
    const timer = window.setTimeout(() => blocker.proceed(), durationMs);
    return () => window.clearTimeout(timer);
  }, [blocker, durationMs]);

  const phase: TransitionPhase = blocker.state === 'unblocked' ? 'enter' : 'leave';
  return (
    <Animated $phase={phase} $durationMs={durationMs} data-transition={durationMs > 0 ? phase : 'none'}>
      {children}
    </Animated>
  );
}
