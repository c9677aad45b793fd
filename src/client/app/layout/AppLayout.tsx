import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { PageLoadBoundary } from '../../components/PageLoadBoundary';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { useRouteFocus } from './RouteFocus';

/** Set on <html> once the app has taken the page over. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

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

/** The frame of every page: skip link, navigation bar, the routed page, footer. */
export function AppLayout() {
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useRouteFocus(mainRef);
  // The page is the app's now (hydrated, or rendered): every control works. Browser tests wait for this.
  useEffect(() => {
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
  }, []);
  return (
    <Shell>
      <SkipLink href="#main">Skip to content</SkipLink>
      <NavBar />
      <Main id="main" ref={mainRef} tabIndex={-1}>
        {/* A plain page's first render shows the frame, with this area empty until the page's chunk is in. */}
        <PageLoadBoundary address={pathname}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </PageLoadBoundary>
      </Main>
      <Footer />
    </Shell>
  );
}
