import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ROUTES } from '../../../shared/routes';
import { useAppConfig } from '../../config/appConfig';

const FooterBar = styled.footer`
  margin-top: auto;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Inner = styled.div`
  display: grid;
  gap: 24px;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 32px ${({ theme }) => theme.layout.gutter} 24px;

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    grid-template-columns: 1.3fr 1fr;
  }
`;

const Company = styled.p`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-weight: 700;
  font-size: 1.1rem;
  color: ${({ theme }) => theme.colors.goldBright};
`;

const Muted = styled.p`
  margin: 4px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const InfoLinks = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 6px;

  a {
    color: ${({ theme }) => theme.colors.text};
  }
  a:hover {
    color: ${({ theme }) => theme.colors.goldBright};
  }
`;

const Copyright = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  padding-top: 16px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

export const INFORMATION_LINKS = [
  { to: ROUTES.aboutUs, label: 'About Us' },
  { to: ROUTES.privacyPolicy, label: 'Privacy Policy' },
  { to: ROUTES.refundPolicy, label: 'Refund Policy' },
  { to: ROUTES.termsOfService, label: 'Terms of Service' },
] as const;

export function Footer() {
  // The year comes with the page (the server's, in the store's time zone), so a prerendered page agrees.
  const { companyName, operatorLine, supportEmail, currentYear: year } = useAppConfig();
  return (
    <FooterBar>
      <Inner>
        <div>
          <Company>{companyName}</Company>
          <Muted>{operatorLine}</Muted>
          <Muted>
            Support: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </Muted>
        </div>
        <nav aria-label="Information">
          <InfoLinks>
            {INFORMATION_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </InfoLinks>
        </nav>
        <Copyright>
          © {year} {companyName}. All rights reserved.
        </Copyright>
      </Inner>
    </FooterBar>
  );
}
