import styled from 'styled-components';
import { formatPrice, type GemPack } from '../../../../shared/catalogue';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../components/Button';
import { buyClicked } from '../shopSlice';
import { gemsLabel, shopTexts } from '../shopTexts';
import { PackArt } from '../../../components/PackArt';
import { PackPanel } from '../../../components/PackPanel';

const Card = styled(PackPanel)`
  grid-template-rows: auto 1fr auto;
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
        <Price>{formatPrice(pack.priceCents)}</Price>
      </div>
      <Button type="button" onClick={() => dispatch(buyClicked({ packId: pack.id }))} aria-describedby={titleId}>
        {shopTexts.buy}
      </Button>
    </Card>
  );
}
