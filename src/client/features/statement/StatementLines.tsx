import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { StatementLine } from '../../../shared/ledger';
import { statementTexts } from '../../../shared/statementTexts';
import { formatGemCount } from '../../../shared/money';
import { useStoreTime } from '../../hooks/useStoreTime';

const Lines = styled.ol`
  display: grid;
  gap: 10px;
  margin: 16px 0 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 4px 16px;
    padding: 12px 14px;
    border-radius: ${({ theme }) => theme.radius.medium};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  time,
  .after {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.95rem;
  }
  .gems {
    font-weight: 700;
    text-align: right;
    white-space: nowrap;
  }
  .after {
    text-align: right;
  }
`;

/** Gems given or taken, signed as a statement writes them: +3,500, or −1,000 with a true minus sign. */
export const signedGems = (gems: number) => `${gems >= 0 ? '+' : '\u2212'}${formatGemCount(Math.abs(gems))}`;

/**
 * A statement's lines, newest first: what moved (a link to its order or gift, where `linkOf` gives one), when, how many
 * gems, and the balance after. The player's pages and support's read the same.
 */
export function StatementLines({ lines, label, linkOf }: { lines: readonly StatementLine[]; label: string; linkOf: (line: StatementLine) => string | null }) {
  const { dateTime } = useStoreTime();
  return (
    <Lines aria-label={label} data-testid="statement-lines">
      {lines.map((line) => {
        const to = linkOf(line);
        return (
          <li key={line.id} data-testid="statement-line">
            <p>{to ? <Link to={to}>{line.words}</Link> : line.words}</p>
            <p className="gems">
              {signedGems(line.gems)} <span className="unit">gems</span>
            </p>
            <time dateTime={new Date(line.at).toISOString()}>{dateTime(line.at)}</time>
            <p className="after" data-testid="statement-balance-after">
              {statementTexts.balanceAfter(formatGemCount(line.balanceAfter))}
              {line.debtAfter > 0 ? `, ${statementTexts.owedAfter(formatGemCount(line.debtAfter))}` : ''}
            </p>
          </li>
        );
      })}
    </Lines>
  );
}
