import { createContext, useContext, type ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';

export type TransitionPhase = 'enter' | 'leave';

interface PageTransitionState {
  phase: TransitionPhase;
  /** 0 when the visitor prefers reduced motion: no animation at all. */
  durationMs: number;
}

export const PageTransitionContext = createContext<PageTransitionState>({ phase: 'enter', durationMs: 0 });

const enter = keyframes`
  from { opacity: 0; transform: translateY(24px); }
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

/** Wraps a page that animates in when shown and out before the router moves on (see TransitionOutlet). */
export function PageTransition({ children }: { children: ReactNode }) {
  const { phase, durationMs } = useContext(PageTransitionContext);
  return (
    <Animated $phase={phase} $durationMs={durationMs} data-transition={durationMs > 0 ? phase : 'none'}>
      {children}
    </Animated>
  );
}
