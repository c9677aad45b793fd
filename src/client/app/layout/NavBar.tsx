import { useId, useLayoutEffect } from 'react';
import { ROUTES } from '../../../shared/routes';
import { SIGNED_IN_ATTRIBUTE } from '../../../shared/signedInMarker';
import { CrownIcon } from '../../components/CrownIcon';
import { useAppConfig } from '../../config/appConfig';
import { useHydrated } from '../../hooks/useHydrated';
import { AccountLabel, selectIsSignedIn, selectUser, signOutRequested } from '../../features/auth';
import { GemBalance } from '../../features/balance';
import { paymentLeft } from '../../features/payment';
import { useAppDispatch, useAppSelector } from '../../wiring/hooks';
import { Actions, Bar, Brand, HeaderAccount, Inner, Item, Links, MenuAccount, MenuButton, Scrim, SignOut } from './navBarStyles';
import { useFoldedMenu } from './useFoldedMenu';

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
  const menu = useFoldedMenu(signedIn);
  const menuId = useId();
  const hydrated = useHydrated();
  const showSignedIn = signedIn || !hydrated;
  const showSignedOut = !signedIn || !hydrated;

  useLayoutEffect(() => {
    document.documentElement.toggleAttribute(SIGNED_IN_ATTRIBUTE, signedIn);
  }, [signedIn]);
  return (
    <Bar>
      {menu.open && <Scrim aria-hidden="true" />}
      <Inner aria-label="Main" ref={menu.bar} onKeyDown={menu.closeOnEscape} onBlur={menu.closeOnFocusLeaving}>
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
          <MenuButton ref={menu.button} type="button" aria-expanded={menu.open} aria-controls={menuId} onClick={menu.toggle}>
            <MenuIcon open={menu.open} />
            <span>Menu</span>
          </MenuButton>
          <Links id={menuId} $open={menu.open} onClick={(event) => (event.target as HTMLElement).closest('a') && menu.close()}>
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
