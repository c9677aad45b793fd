import styled from 'styled-components';
import { shelfNoticeTexts } from '../shelfNoticeTexts';
import { isOverLimit } from './overLimit';
import { useSpendingLimit } from './useSpendingLimit';

/** Over the top of the pack's art, so its arrival (once the limit is read) moves nothing on the page. */
const Mark = styled.p`
  position: absolute;
  top: 8px;
  left: 8px;
  max-width: calc(100% - 16px);
  margin: 0;
  padding: 4px 10px;
  border-radius: ${({ theme }) => theme.radius.small};
  font-size: 0.85rem;
  font-weight: 700;
  line-height: 1.3;
  color: ${({ theme }) => theme.colors.onGold};
  background: ${({ theme }) => theme.colors.danger};
`;

/** "Over your monthly limit" on a pack priced over what is left of the signed-in player's limit this month. */
export function OverLimitMark({ priceCents }: { priceCents: number }) {
  const view = useSpendingLimit();
  if (!isOverLimit(view, priceCents)) return null;
  return <Mark data-testid="over-limit-mark">{shelfNoticeTexts.overLimitMark}</Mark>;
}

/** "Buying paused" over every pack's art while a dispute pauses the signed-in player's buying. */
export function PausedMark() {
  return <BottomMark data-testid="paused-mark">{shelfNoticeTexts.pausedMark}</BottomMark>;
}

/** At the foot of the art: the top right holds a pack's badge ("Best value"). */
const BottomMark = styled(Mark)`
  top: auto;
  bottom: 8px;
`;
