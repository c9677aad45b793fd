import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatPrice, type GemPack } from '../../../../shared/catalogue';
import { ROUTES } from '../../../../shared/routes';
import { PageHeading } from '../../../components/Page';
import { gemsLabel, shopTexts } from '../shopTexts';
import { Card } from './PackCard';
import { PackArt } from './PackArt';
import { PaymentForm } from './PaymentForm';

const Layout = styled.div`
  display: grid;
  gap: 24px;
  margin-top: 20px;

  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}) {
    grid-template-columns: 300px 1fr;
    align-items: start;
  }
`;

const Panel = styled.section`
  padding: clamp(18px, 4vw, 32px);
  border-radius: ${({ theme }) => theme.radius.large};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

const Summary = styled(Card)`
  p {
    margin: 4px 0 0;
  }
  strong {
    font-size: 1.4rem;
    color: ${({ theme }) => theme.colors.gold};
  }
`;

/** The payment form for one pack, with the pack's summary beside it. */
export function Checkout({ pack }: { pack: GemPack }) {
  return (
    <>
      <PageHeading>{shopTexts.checkoutHeading}</PageHeading>
      <Link to={ROUTES.shop}>{shopTexts.otherPack}</Link>
      <Layout>
        <Summary aria-label="Your pack">
          <PackArt pack={pack} />
          <div>
            <h2>{pack.title}</h2>
            <p>{gemsLabel(pack.gemCount)}</p>
            <p>
              <strong>{formatPrice(pack.priceCents)}</strong> AUD, GST included
            </p>
          </div>
        </Summary>
        <Panel aria-label="Your details">
          <PaymentForm pack={pack} />
        </Panel>
      </Layout>
    </>
  );
}
