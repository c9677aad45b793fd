import styled from 'styled-components';
import { formatPrice, type GemPack } from '../../../../shared/catalogue';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../components/Button';
import { buyClicked } from '../shopSlice';
import { gemsLabel, shopTexts } from '../shopTexts';
import { PackArt } from '../../../components/PackArt';

export const Card = styled.article`
  display: grid;
  grid-template-rows: auto 1fr auto;
  gap: 12px;
  padding: 18px;
  border-radius: ${({ theme }) => theme.radius.large};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: linear-gradient(180deg, ${({ theme }) => theme.colors.surfaceRaised}, ${({ theme }) => theme.colors.surface});
  box-shadow: ${({ theme }) => theme.shadow.card};
  text-align: center;

  svg {
    justify-self: center;
    width: 100%;
    max-width: 240px;
    height: auto;
    aspect-ratio: 4 / 3;
  }
  h2 {
    margin: 0;
    font-size: 1.3rem;
    color: ${({ theme }) => theme.colors.goldBright};
  }
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
