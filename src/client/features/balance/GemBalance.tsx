import styled from 'styled-components';
import { formatGemCount } from '../../../shared/money';
import { useSelector } from 'react-redux';
import { selectBalanceUnavailable, selectGemCount } from './balanceSlice';

// The store is built from this feature (app/store imports its slice), so its view reads with the slice's own typed
// selectors rather than the app's hooks, whose types come from the store: no cycle, not even of types.

const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 6px 12px;
  border-radius: 999px;
  border: 1px solid rgba(233, 185, 73, 0.45);
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.goldBright};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

/** Room for "10,000" from the start, so the badge keeps its size when the balance arrives. */
const Amount = styled.span`
  display: inline-block;
  min-width: 6ch;
  text-align: end;
`;

function GemIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 3h12l4 6-10 12L2 9z" fill="#5fc8f0" stroke="#1a4d66" strokeWidth="1.2" strokeLinejoin="round" />
      <path d="M2 9h20M9 3l3 18M15 3l-3 18" stroke="#1a4d66" strokeWidth="0.8" fill="none" />
    </svg>
  );
}

/** The signed-in player's gem balance, updated live; announced politely when it changes. */
export function GemBalance() {
  const gemCount = useSelector(selectGemCount);
  const unavailable = useSelector(selectBalanceUnavailable);
  const text = unavailable ? 'unavailable' : gemCount === null ? '…' : formatGemCount(gemCount);
  return (
    <Badge role="status" aria-live="polite" aria-label={`Gem balance: ${text}`} data-testid="gem-balance">
      <GemIcon />
      {/* A new text node for each value: the value is right-aligned, so a change of width would move the text
          already shown, which Chrome counts as a layout shift; a node just inserted is not one that moved. */}
      <Amount key={text}>{text}</Amount>
    </Badge>
  );
}
