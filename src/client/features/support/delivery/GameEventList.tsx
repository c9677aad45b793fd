import type { ReactNode } from 'react';
import styled from 'styled-components';
import { formatGemCount } from '../../../../shared/money';
import type { GameEventView } from '../../../../shared/support/supportViews';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { supportTexts as t } from '../supportTexts';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 10px;

  li {
    padding: 10px 12px;
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    overflow-wrap: anywhere;
  }
  p {
    margin: 4px 0 0;
  }
`;

/** Events for the game's server, each with its id, what it moved, where it stands and its last answer; `action` adds a button. */
export function GameEventList({ events, action }: { events: GameEventView[]; action?: (event: GameEventView) => ReactNode }) {
  const { dateTime } = useStoreTime();
  return (
    <List data-testid="game-events">
      {events.map((event) => (
        <li key={event.id}>
          <strong>{t.eventStatus[event.status]}</strong> · <code>{event.id}</code>
          <p>{t.eventLine(event.type, formatGemCount(event.gems + event.bonusGems), event.reason)}</p>
          <p>{t.eventTries(event.attempts, event.lastTry?.answer ?? null, event.lastTry ? dateTime(event.lastTry.at) : null)}</p>
          {event.why && <p>{event.why}</p>}
          {action?.(event)}
        </li>
      ))}
    </List>
  );
}
