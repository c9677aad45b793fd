import styled from 'styled-components';
import { formatAud } from '../../../../shared/catalogue';
import { leftThisMonthText } from '../../../../shared/protections/spendingLimit';
import { limitsTexts } from '../limitsTexts';
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

/** "This month you spent A$15.99." on the order history. */
export function MonthTotal() {
  const view = useSpendingLimit();
  if (!view) return null;
  return <p data-testid="month-total">{limitsTexts.monthTotal(formatAud(view.spentThisMonthCents))}</p>;
}
