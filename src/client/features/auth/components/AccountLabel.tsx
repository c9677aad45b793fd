import styled from 'styled-components';
import { accountNameOf, playerTagOf } from '../../../../shared/playerTag';
import { useSelector } from 'react-redux';
import { useHydrated } from '../../../hooks/useHydrated';
import { selectUser } from '../authSlice';

const Label = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
  white-space: nowrap;

  /* A long name gives way; the tag, which support asks for, always shows. */
  .name {
    display: inline-block;
    max-width: 16ch;
    overflow: hidden;
    text-overflow: ellipsis;
    vertical-align: bottom;
  }
`;

/**
 * "Signed in as Guest · #K7Q2M4XD": the account's name (else its email, else Guest) and its player tag, which the
 * game shows too and support finds a player by. Drawn once the page is the app's (the prerendered page knows no one).
 */
export function AccountLabel({ className }: { className?: string }) {
  // react-redux's own hook, the selector typing it: the app's typed hooks would make the store import itself (store → auth → here).
  const user = useSelector(selectUser);
  const hydrated = useHydrated();
  if (!user || !hydrated) return null;
  return (
    <Label className={className} data-testid="account-label">
      Signed in as <span className="name">{accountNameOf(user)}</span> · #{playerTagOf(user.uid)}
    </Label>
  );
}
