import styled from 'styled-components';
import { bonusGemsText } from '../../../../shared/offers/offer';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { offersTexts } from '../offersTexts';
import { usePackBonus } from './useShopOffers';

/** Over the pack's art, so its arrival moves nothing (CLS 0). */
const Ribbon = styled.p`
  position: absolute;
  top: 8px;
  left: 8px;
  max-width: calc(100% - 16px);
  margin: 0;
  padding: 4px 10px;
  border-radius: ${({ theme }) => theme.radius.small};
  font-size: 0.85rem;
  line-height: 1.35;
  text-align: left;
  color: ${({ theme }) => theme.colors.onGold};
  background: ${({ theme }) => theme.colors.gold};

  strong,
  span {
    display: block;
  }
`;

const Inline = styled.p`
  margin: 6px 0 0;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.goldBright};

  span {
    display: block;
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * The bonus a pack comes with now, in gems, with the offer's name and its real end in the store's time zone
 * (no countdown, no "only N left"). `ribbon` lays it over the shop card's art; otherwise it is a line of text.
 */
export function PackBonusBadge({ packId, ribbon = false }: { packId: number; ribbon?: boolean }) {
  const bonus = usePackBonus(packId);
  const { dateTime } = useStoreTime();
  if (!bonus) return null;
  const Box = ribbon ? Ribbon : Inline;
  return (
    <Box data-testid={`pack-bonus-${packId}`}>
      <strong>{bonusGemsText(bonus.gems)}</strong>
      <span>{bonus.title}</span>
      {bonus.endsAt !== null && <span>{offersTexts.until(dateTime(bonus.endsAt))}</span>}
    </Box>
  );
}
