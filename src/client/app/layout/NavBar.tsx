import { useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { NavLink, Link, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { ROUTES } from '../../../shared/routes';
import { SIGNED_IN_ATTRIBUTE } from '../../../shared/signedInMarker';
import { CrownIcon } from '../../components/CrownIcon';
import { useAppConfig } from '../../config/appConfig';
import { useHydrated } from '../../hooks/useHydrated';
import { AccountLabel, selectIsSignedIn, selectUser, signOutRequested } from '../../features/auth';
import { GemBalance } from '../../features/balance';
import { paymentLeft } from '../../features/payment';
import { useAppDispatch, useAppSelector } from '../hooks';

/**
 * Below this width the links fold into a menu, so the header stays one row: a player's row (brand, balance, Home,
 * Shop, Rewards, Account, Sign out) and staff's (Support too) both fit from here, a balance in the millions too.
 */
const FOLD = '960px';
const phone = `@media (max-width: calc(${FOLD} - 0.02px))`;
const wide = `@media (min-width: ${FOLD})`;

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  /* One row at every width: its height is --header-height, which scroll-padding keeps focus clear of. */
  height: var(--header-height);
  background: rgba(11, 13, 23, 0.92);
  backdrop-filter: blur(8px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

/**
 * Under the phone's open menu, the page is dimmed and out of reach: a tap on it closes the menu (never a half-covered
 * button peeking out below the menu). The bar's backdrop filter makes it the box this is placed in: from the bar's
 * foot to past the screen's.
 */
const Scrim = styled.div`
  display: none;

  ${phone} {
    display: block;
    position: absolute;
    top: 100%;
    left: 0;
    right: 0;
    height: 100vh;
    background: rgba(11, 13, 23, 0.7);
  }
`;

const Inner = styled.nav`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  height: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.layout.gutter};

  /* Icons keep their size however tight the row (the global max-width: 100% would let them shrink away). */
  svg {
    flex: none;
    max-width: none;
  }
  @media (max-width: 359.98px) {
    gap: 6px;
  }
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-weight: 700;
  font-size: 1.35rem;
  letter-spacing: 0.08em;
  color: ${({ theme }) => theme.colors.goldBright};
  text-decoration: none;
  white-space: nowrap;

  ${phone} {
    font-size: 1rem;
    letter-spacing: 0.05em;
    gap: 6px;

    svg {
      width: 24px;
      height: 24px;
    }
  }
  @media (max-width: 359.98px) {
    font-size: 0.9rem;
    letter-spacing: 0.02em;
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;

  @media (max-width: 359.98px) {
    gap: 6px;
  }
`;

/** The header's outlined pill buttons (Menu, Sign out). */
const outlinedPill = css`
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`;

const MenuButton = styled.button`
  ${outlinedPill}
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 8px 14px;

  ${wide} {
    display: none;
  }
  svg {
    width: 18px;
    height: 18px;
  }
  /* On the narrowest phones the icon alone; "Menu" stays its name. */
  @media (max-width: 479.98px) {
    padding: 8px 12px;

    span {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
  }
  @media (max-width: 359.98px) {
    padding: 8px 10px;
  }
`;

const Links = styled.ul<{ $open: boolean }>`
  display: flex;
  align-items: center;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;

  ${phone} {
    /* A panel below the header, over the page (it moves nothing), while the menu is open. */
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    position: absolute;
    top: calc(100% + 1px);
    right: ${({ theme }) => theme.layout.gutter};
    flex-direction: column;
    align-items: stretch;
    min-width: 220px;
    padding: 8px;
    border-radius: ${({ theme }) => theme.radius.medium};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: ${({ theme }) => theme.shadow.card};

    a,
    button {
      display: block;
      width: 100%;
      text-align: left;
      padding: 12px 14px;
    }
  }
`;

const Item = styled(NavLink)`
  display: inline-block;
  padding: 8px 12px;
  white-space: nowrap;
  border-radius: 999px;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: 600;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.onGold};
    background: ${({ theme }) => theme.colors.gold};
  }
`;

const SignOut = styled.button`
  ${outlinedPill}
  padding: 8px 12px;
  white-space: nowrap;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
`;

/** Who is signed in, beside the balance on a wide screen where the row has room for it (staff's row has Support too). */
const HeaderAccount = styled(AccountLabel)<{ $staff: boolean }>`
  /* A long name gives way sooner here than in the menu: the row is shared. (&&: over the label's own 16ch.) */
  && .name {
    max-width: 12ch;
  }
  @media (max-width: ${({ $staff }) => ($staff ? '1439.98px' : '1279.98px')}) {
    display: none;
  }
`;

/** Who is signed in, at the top of the phone's menu. */
const MenuAccount = styled.li`
  padding: 8px 14px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  ${wide} {
    display: none;
  }
  span {
    white-space: normal;
  }
  .name {
    max-width: none;
  }
`;

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/**
 * Brand, Home, Shop, Rewards and Sign In; signed in, the live gem balance (beside the links, and beside the menu on
 * a phone), Account (and Support, for staff) and Sign out in place of Sign In.
 * A prerendered page carries both sets and CSS shows the one the <html> attribute names, so it is right from
 * its first paint; once hydrated, only that set is rendered. On a phone the links fold into a menu.
 */
export function NavBar() {
  const { gameName } = useAppConfig();
  const signedIn = useAppSelector(selectIsSignedIn);
  const staff = useAppSelector(selectUser)?.staff === true;
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const showSignedIn = signedIn || !hydrated;
  const showSignedOut = !signedIn || !hydrated;

  useLayoutEffect(() => {
    document.documentElement.toggleAttribute(SIGNED_IN_ATTRIBUTE, signedIn);
  }, [signedIn]);
  useEffect(() => setOpen(false), [pathname, signedIn]);
  // A tap or click outside the open menu closes it.
  useEffect(() => {
    if (!open) return undefined;
    const closeOutside = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    menuButton.current?.focus();
  };
  // Tabbing on past the last link (or anywhere out of the bar) closes the open menu, as a tap outside does.
  const closeOnFocusLeaving = (event: FocusEvent) => {
    if (open && !nav.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <Bar>
      {open && <Scrim aria-hidden="true" />}
      <Inner aria-label="Main" ref={nav} onKeyDown={closeOnEscape} onBlur={closeOnFocusLeaving}>
        <Brand to={ROUTES.home}>
          <CrownIcon />
          {gameName}
        </Brand>
        <Actions>
          {showSignedIn && <HeaderAccount className="signed-in-only" $staff={hydrated && staff} />}
          {showSignedIn && (
            <div className="signed-in-only">
              <GemBalance />
            </div>
          )}
          <MenuButton ref={menuButton} type="button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
            <MenuIcon open={open} />
            <span>Menu</span>
          </MenuButton>
          <Links id={menuId} $open={open} onClick={(event) => (event.target as HTMLElement).closest('a') && setOpen(false)}>
            {showSignedIn && (
              <MenuAccount className="signed-in-only">
                <AccountLabel />
              </MenuAccount>
            )}
            <li>
              <Item to={ROUTES.home} end>
                Home
              </Item>
            </li>
            <li>
              {/* From a pack's form back to the list, in a fresh state (docs/storefront.md, Screens). */}
              <Item to={ROUTES.shop} onClick={() => dispatch(paymentLeft())}>
                Shop
              </Item>
            </li>
            <li>
              <Item to={ROUTES.rewards}>Rewards</Item>
            </li>
            {showSignedIn && (
              <>
                <li className="signed-in-only">
                  <Item to={ROUTES.orders}>Account</Item>
                </li>
                {/* Staff only, once live (a prerendered page knows nobody): the console checks the role itself. */}
                {hydrated && staff && (
                  <li className="signed-in-only">
                    <Item to={ROUTES.support}>Support</Item>
                  </li>
                )}
                <li className="signed-in-only">
                  <SignOut type="button" onClick={() => dispatch(signOutRequested({ goHome: true }))}>
                    Sign out
                  </SignOut>
                </li>
              </>
            )}
            {showSignedOut && (
              <li className="signed-out-only">
                <Item to={ROUTES.signInSignUp}>Sign In</Item>
              </li>
            )}
          </Links>
        </Actions>
      </Inner>
    </Bar>
  );
}
