import styled from 'styled-components';
import { formatAud } from '../../../../shared/money';
import { leftThisMonthText } from '../../../../shared/protections/spendingLimit';
import { shelfNoticeTexts } from '../shelfNoticeTexts';
import { useSpendingLimit } from './useSpendingLimit';

const Note = styled.p`
  margin: 0.6em 0 0;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.goldBright};
`;

/** "A$4.01 left this month" where a player with a limit chooses what to buy; nothing without a limit. */
export function LeftThisMonth() {
  const view = useSpendingLimit();
  if (view?.leftThisMonthCents === null || view?.leftThisMonthCents === undefined) return null;
  return <Note data-testid="left-this-month">{leftThisMonthText(view.leftThisMonthCents)}</Note>;
}

/** Holds its line while the total loads, so the history below it never moves (CLS 0). */
const TotalLine = styled.p`
  min-height: 1.6em;
`;

/**
 * "This month you spent A$15.99." on the order history (for a signed-in player): paid money only, with what open
 * unpaid orders hold against the limit said apart.
 */
export function MonthTotal() {
  const view = useSpendingLimit();
  return (
    <TotalLine data-testid="month-total">
      {view ? shelfNoticeTexts.monthTotal(formatAud(view.spentThisMonthCents)) : ''}
      {view && view.heldThisMonthCents > 0 ? shelfNoticeTexts.monthHeld(formatAud(view.heldThisMonthCents)) : ''}
    </TotalLine>
  );
}
