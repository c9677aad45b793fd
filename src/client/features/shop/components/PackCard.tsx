import styled from 'styled-components';
import { centsPer100Gems, packLimitText, type GemPack } from '../../../../shared/catalogue';
import { formatAud } from '../../../../shared/money';
import { priceTaxNote } from '../../../../shared/tax/priceNote';
import type { TaxTreatment } from '../../../../shared/tax/taxTreatment';
import { useAppDispatch } from '../../../wiring/hooks';
import { Button } from '../../../components/Button';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { buyClicked } from '../shopSlice';
import { noteFunnel } from '../../../lib/funnel';
import { gemsLabel, shopTexts } from '../shopTexts';
import { PackArt } from '../../../components/PackArt';
import { PackPanel } from '../../../components/PackPanel';
import { PackBonusBadge } from '../../offers';
import { OverLimitMark, PausedMark, usePurchasePaused } from '../../protections';

const Card = styled(PackPanel)`
  position: relative;
  grid-template-rows: auto 1fr auto;

  /* Two to a row on a phone: a tighter card, and a button that fits its column. */
  @media (max-width: 759.98px) {
    gap: 8px;
    padding: 12px 10px;

    h2 {
      font-size: 1.05rem;
    }
    button {
      width: 100%;
      padding-inline: 0.8em;
      font-size: 0.95rem;
    }
  }
`;

/** The art, and the offer's ribbon over its foot. */
const ArtBox = styled.div`
  position: relative;
  display: grid;
`;

/** The pack's badge, as staff set it ("Best value", "Weekend only"). */
const Badge = styled.p`
  position: absolute;
  top: 8px;
  right: 8px;
  margin: 0;
  padding: 4px 12px;
  border-radius: 999px;
  font-size: 0.85rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.onGold};
  background: ${({ theme }) => theme.colors.goldBright};
`;

const PerGems = styled.p`
  margin: 2px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Gems = styled.p`
  margin: 4px 0 0;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.text};
`;

const Price = styled.p`
  margin: 2px 0 0;
  font-size: clamp(1.15rem, 4vw, 1.4rem);
  font-weight: 700;
  color: ${({ theme }) => theme.colors.gold};

  small {
    display: inline-block;
    font-size: 0.8rem;
    font-weight: 600;
    white-space: nowrap;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export function PackCard({ pack, treatment }: { pack: GemPack; treatment: TaxTreatment }) {
  const dispatch = useAppDispatch();
  const titleId = `pack-${pack.id}-title`;
  // A dispute pauses buying: Buy is not live, and the list's notice says why.
  const paused = usePurchasePaused();
  return (
    <Card aria-labelledby={titleId}>
      <ArtBox>
        <PackArt image={pack.image} />
        <PackBonusBadge packId={pack.id} ribbon />
        {paused ? <PausedMark /> : <OverLimitMark priceCents={pack.priceCents} />}
      </ArtBox>
      <div>
        <h2 id={titleId}>{pack.title}</h2>
        <Gems>{gemsLabel(pack.gemCount)}</Gems>
        <Price>
          {formatAud(pack.priceCents)} <small>{priceTaxNote(pack.priceCents, treatment)}</small>
        </Price>
        <PerGems>{shopTexts.per100Gems(formatAud(centsPer100Gems(pack)))}</PerGems>
        {pack.limit && <PerGems>{packLimitText(pack.limit)}</PerGems>}
      </div>
      {pack.badge && <Badge>{pack.badge}</Badge>}
      {/* One Buy button a pack: each one's name says which pack (“Buy Pouch of Gem”), for voice control and screen readers. */}
      <Button
        type="button"
        disabled={paused}
        onClick={() => {
          noteFunnel('buy');
          dispatch(buyClicked({ packId: pack.id }));
        }}
      >
        {shopTexts.buy}
        <VisuallyHidden> {pack.title}</VisuallyHidden>
      </Button>
    </Card>
  );
}
