import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { PageLoadBoundary } from '../../components/PageLoadBoundary';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { APP_READY_ATTRIBUTE } from '../../../shared/earlyInput';
import { pressHeldControls, restoreEarlyText } from '../../lib/earlyInput';
import { useRouteFocus } from './RouteFocus';


const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const Main = styled.main`
  flex: 1;
  /* The footer starts below the first screen, so what a page shows once its data arrives (the orders, a
     receipt, a payment's end) grows into room that is already there and moves nothing in view (CLS 0). */
  min-height: 100vh;
  outline: none;
`;

const SkipLink = styled.a`
  position: absolute;
  left: 12px;
  top: -100px;
  z-index: 20;
  padding: 10px 16px;
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.onGold};
  font-weight: 700;

  &:focus {
    top: 12px;
  }
`;

/**
 * Marks the page as the app's once the routed page itself has been hydrated (or rendered): it sits beside the page
 * in its Suspense boundary, which a lazily loaded page hydrates after the frame. Then every control works: what was
 * typed before goes back into its field, and what was pressed is pressed again, each in a task of its own (while
 * this effect runs, the hydration that ran it is still finishing, and React would take a press now for one to hold;
 * a press reads the text once React has rendered it). Browser tests wait for the attribute.
 */
function PageLive() {
  useEffect(() => {
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
    let pressing: ReturnType<typeof setTimeout> | undefined;
    const typing = setTimeout(() => {
      restoreEarlyText();
      pressing = setTimeout(pressHeldControls, 0);
    }, 0);
    return () => {
      clearTimeout(typing);
      clearTimeout(pressing);
    };
  }, []);
  return null;
}

/** The frame of every page: skip link, navigation bar, the routed page, footer. */
export function AppLayout() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useRouteFocus(mainRef);
  return (
    <Shell>
      <SkipLink href="#main">Skip to content</SkipLink>
      <NavBar />
      <Main id="main" ref={mainRef} tabIndex={-1}>
        {/* A plain page's first render shows the frame, with this area empty until the page's chunk is in. */}
        <PageLoadBoundary address={pathname}>
          <Suspense fallback={null}>
            <Outlet />
            <PageLive />
          </Suspense>
        </PageLoadBoundary>
      </Main>
      <Footer />
    </Shell>
  );
}
