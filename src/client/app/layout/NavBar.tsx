import { NavLink, Link } from 'react-router-dom';
import styled from 'styled-components';
import { ROUTES } from '../../../shared/routes';
import { CrownIcon } from '../../components/CrownIcon';
import { useAppConfig } from '../../config/appConfig';
import { selectIsSignedIn, signOutRequested } from '../../features/auth';
import { GemBalance } from '../../features/balance';
import { checkoutLeft } from '../../features/checkout';
import { useAppDispatch, useAppSelector } from '../hooks';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  background: rgba(11, 13, 23, 0.92);
  backdrop-filter: blur(8px);
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Inner = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 24px;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 10px ${({ theme }) => theme.layout.gutter};
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
`;

const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled(NavLink)`
  display: inline-block;
  padding: 8px 12px;
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
  padding: 8px 12px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
`;

export function NavBar() {
  const { gameName } = useAppConfig();
  const signedIn = useAppSelector(selectIsSignedIn);
  const dispatch = useAppDispatch();
  return (
    <Bar>
      <Inner aria-label="Main">
        <Brand to={ROUTES.home}>
          <CrownIcon />
          {gameName}
        </Brand>
        <Links>
          <li>
            <Item to={ROUTES.home} end>
              Home
            </Item>
          </li>
          <li>
            {/* From a pack's form back to the list, in a fresh state (spec §2). */}
            <Item to={ROUTES.shop} onClick={() => dispatch(checkoutLeft())}>
              Shop
            </Item>
          </li>
          {signedIn ? (
            <>
              <li>
                <GemBalance />
              </li>
              <li>
                <Item to={ROUTES.orders}>Account</Item>
              </li>
              <li>
                <SignOut type="button" onClick={() => dispatch(signOutRequested({ goHome: true }))}>
                  Sign out
                </SignOut>
              </li>
            </>
          ) : (
            <li>
              <Item to={ROUTES.signInSignUp}>Sign In</Item>
            </li>
          )}
        </Links>
      </Inner>
    </Bar>
  );
}
