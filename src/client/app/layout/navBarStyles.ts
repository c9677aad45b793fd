import { NavLink, Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { AccountLabel } from '../../features/auth';

/**
 * Below this width the links fold into a menu, so the header stays one row: a player's row (brand, balance, Home,
 * Shop, Rewards, Account, Sign out) and staff's (Support too) both fit from here, a balance in the millions too.
 */
const FOLD = '960px';
const phone = `@media (max-width: calc(${FOLD} - 0.02px))`;
const wide = `@media (min-width: ${FOLD})`;

export const Bar = styled.header`
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
export const Scrim = styled.div`
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

export const Inner = styled.nav`
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

export const Brand = styled(Link)`
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

export const Actions = styled.div`
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

export const MenuButton = styled.button`
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

export const Links = styled.ul<{ $open: boolean }>`
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

export const Item = styled(NavLink)`
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

export const SignOut = styled.button`
  ${outlinedPill}
  padding: 8px 12px;
  white-space: nowrap;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
`;

/** Who is signed in, beside the balance on a wide screen where the row has room for it (staff's row has Support too). */
export const HeaderAccount = styled(AccountLabel)<{ $staff: boolean }>`
  /* A long name gives way sooner here than in the menu: the row is shared. (&&: over the label's own 16ch.) */
  && .name {
    max-width: 12ch;
  }
  @media (max-width: ${({ $staff }) => ($staff ? '1439.98px' : '1279.98px')}) {
    display: none;
  }
`;

/** Who is signed in, at the top of the phone's menu. */
export const MenuAccount = styled.li`
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
