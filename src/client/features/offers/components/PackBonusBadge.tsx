import styled from 'styled-components';
import { visuallyHiddenStyle } from '../../../components/VisuallyHidden';
import { bonusGemsText } from '../../../../shared/offers/offer';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { offersTexts } from '../offersTexts';
import { usePackBonus } from './useShopOffers';

/**
 * Over the foot of the pack's art (its box is the art's), so its arrival moves nothing (CLS 0). Two cards to a row on
 * a phone leave the art small: there the ribbon is one short line, and the offer's name and end are read out but
 * not drawn over the art (the pack's payment screen shows them in full).
 */
const Ribbon = styled.p`
  position: absolute;
  bottom: 0;
  left: 50%;
  transform: translateX(-50%);
  width: max-content;
  max-width: 100%;
  margin: 0;
  padding: 4px 10px;
  text-align: center;
  border-radius: ${({ theme }) => theme.radius.small};
  font-size: 0.85rem;
  line-height: 1.35;
  color: ${({ theme }) => theme.colors.onGold};
  background: ${({ theme }) => theme.colors.gold};

  strong,
  span {
    display: block;
  }

  @media (max-width: 759.98px) {
    padding: 2px 8px;
    font-size: 0.75rem;
    white-space: nowrap;

    span {
      ${visuallyHiddenStyle}
    }
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

/** The offer's real end, in the store's time zone (read only once an offer shows: prerendered pages have none). */
function EndsAt({ at }: { at: number }) {
  const { dateTime } = useStoreTime();
  return <span>{offersTexts.until(dateTime(at))}</span>;
}

/**
 * The bonus a pack comes with now, in gems, with the offer's name and its real end in the store's time zone
 * (no countdown, no "only N left"). `ribbon` lays it over the shop card's art; otherwise it is a line of text.
 */
export function PackBonusBadge({ packId, ribbon = false }: { packId: number; ribbon?: boolean }) {
  // Beside the payment form (not on the shop's card), an applied code's bonus is the one the order gets.
  const bonus = usePackBonus(packId, !ribbon);
  if (!bonus) return null;
  const Box = ribbon ? Ribbon : Inline;
  return (
    <Box data-testid={`pack-bonus-${packId}`}>
      <strong>{bonusGemsText(bonus.gems)}</strong>
      <span>{bonus.title}</span>
      {/* Beside the form, why this player has it; the card's ribbon keeps to the offer's name. */}
      {!ribbon && bonus.audience && <span data-testid="offer-audience">{bonus.audience}</span>}
      {bonus.endsAt !== null && <EndsAt at={bonus.endsAt} />}
    </Box>
  );
}
