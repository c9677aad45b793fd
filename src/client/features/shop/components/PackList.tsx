import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ROUTES } from '../../../../shared/routes';
import { FormStatus } from '../../../components/form/FormFeedback';
import { PageHeading } from '../../../components/Page';
import { LeftThisMonth, PurchaseNotice } from '../../protections';
import { useShopOffersLoaded } from '../../offers';
import { shopTexts } from '../shopTexts';
import { PackCard } from './PackCard';
import { useAppSelector } from '../../../wiring/hooks';
import { selectShelfPacks } from '../shopSlice';
import { useBuyerCountry } from '../../payment';
import { priceTexts } from '../../../../shared/tax/priceNote';

/** One pack a row on the narrowest screens, two from 360 px (a phone shows the shop in three screens, not eight), then as many as fit. */
const Grid = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: minmax(0, 1fr);
  margin-top: 24px;

  @media (min-width: 360px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: 760px) {
    gap: 20px;
    grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  }
`;

const Notice = styled.div`
  margin-top: 16px;
`;

const Note = styled.p`
  margin: 0.3em 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function PackList({ unknownPack }: { unknownPack: boolean }) {
  useShopOffersLoaded();
  const packs = useAppSelector(selectShelfPacks);
  // The tax a sale to this player would carry, by the invoice's rule as the store applies it to their connection (an
  // Australian sale until the store knows otherwise).
  const treatment = useBuyerCountry()?.treatmentHere ?? 'gst';
  return (
    <>
      <PageHeading>{shopTexts.heading}</PageHeading>
      <p>{shopTexts.intro}</p>
      <Note data-testid="prices-note">{priceTexts.pricesNote[treatment]}</Note>
      <Note>
        <Link to={ROUTES.rewards}>{shopTexts.dailyGift}</Link>
      </Note>
      <LeftThisMonth />
      <PurchaseNotice />
      {unknownPack && (
        <Notice>
          <FormStatus>{shopTexts.unknownPack}</FormStatus>
        </Notice>
      )}
      <Grid>
        {packs.map((pack) => (
          <PackCard key={pack.id} pack={pack} treatment={treatment} />
        ))}
      </Grid>
    </>
  );
}
