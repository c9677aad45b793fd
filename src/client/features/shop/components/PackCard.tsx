import styled from 'styled-components';
import { BEST_VALUE_PACK_ID, centsPer100Gems, formatAud, type GemPack } from '../../../../shared/catalogue';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../components/Button';
import { buyClicked } from '../shopSlice';
import { gemsLabel, shopTexts } from '../shopTexts';
import { PackArt } from '../../../components/PackArt';
import { PackPanel } from '../../../components/PackPanel';

const Card = styled(PackPanel)`
  position: relative;
  grid-template-rows: auto 1fr auto;
`;

const BestValue = styled.p`
  position: absolute;
  top: 12px;
  right: 12px;
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
  font-size: 1.4rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.gold};

  small {
    font-size: 0.8rem;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export function PackCard({ pack }: { pack: GemPack }) {
  const dispatch = useAppDispatch();
  const titleId = `pack-${pack.id}-title`;
  return (
    <Card aria-labelledby={titleId}>
      <PackArt pack={pack} />
      <div>
        <h2 id={titleId}>{pack.title}</h2>
        <Gems>{gemsLabel(pack.gemCount)}</Gems>
        <Price>
          {formatAud(pack.priceCents)} <small>{shopTexts.inclGst}</small>
        </Price>
        <PerGems>{shopTexts.per100Gems(formatAud(centsPer100Gems(pack)))}</PerGems>
      </div>
      {pack.id === BEST_VALUE_PACK_ID && <BestValue>{shopTexts.bestValue}</BestValue>}
      <Button type="button" onClick={() => dispatch(buyClicked({ packId: pack.id }))} aria-describedby={titleId}>
        {shopTexts.buy}
      </Button>
    </Card>
  );
}
