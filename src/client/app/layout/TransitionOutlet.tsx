import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router-dom';
import { PageTransitionContext, type TransitionPhase } from '../../components/pageTransition/pageTransition';
import { useAppConfig } from '../../config/appConfig';
import { usePrefersReducedMotion } from '../../hooks/usePrefersReducedMotion';
import type { RouteHandle } from '../routeHandle';

interface ShownPage {
  key: string;
  element: ReactNode;
  animated: boolean;
}

/**
 * Renders the current route. When the page being left is animated, it keeps that page on screen for its
 * leave animation before showing the next one. Moves focus to <main> after each navigation so screen
 * readers start at the new page.
 */
export function TransitionOutlet({ focusTarget }: { focusTarget: React.RefObject<HTMLElement | null> }) {
  const location = useLocation();
  const outlet = useOutlet();
  const animated = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.animated);
  const reducedMotion = usePrefersReducedMotion();
  const { landingAnimationMs } = useAppConfig();
  const durationMs = reducedMotion ? 0 : landingAnimationMs;

  const [shown, setShown] = useState<ShownPage>({ key: location.key, element: outlet, animated });
  const [phase, setPhase] = useState<TransitionPhase>('enter');
  const firstRender = useRef(true);

  useEffect(() => {
    if (location.key === shown.key) return undefined;
    const next = { key: location.key, element: outlet, animated };
    const show = () => {
      setShown(next);
      setPhase('enter');
    };
    if (shown.animated && durationMs > 0) {
      setPhase('leave');
      const timer = window.setTimeout(show, durationMs);
      return () => window.clearTimeout(timer);
    }
    show();
    return undefined;
    // Only a new location starts a transition; outlet and animated belong to that location.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    focusTarget.current?.focus({ preventScroll: true });
  }, [shown.key, focusTarget]);

  const isLeaving = location.key !== shown.key;
  return (
    <PageTransitionContext.Provider value={{ phase: isLeaving ? 'leave' : phase, durationMs }}>
      {isLeaving ? shown.element : outlet}
    </PageTransitionContext.Provider>
  );
}
