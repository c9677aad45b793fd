import { useState } from 'react';
import type { StatementLine } from '../../../../shared/ledger';
import { formatGemCount } from '../../../../shared/money';
import { supportOrderPath } from '../../../../shared/routes';
import { errorMessage } from '../../../app/serverApi';
import { SecondaryButton } from '../../../components/Button';
import { FormError } from '../../../components/form/FormFeedback';
import { Panel } from '../../../components/Panel';
import { StatementLines } from '../../statement';
import { supportTexts as t } from '../supportTexts';
import { usePlayerStatementQuery } from './supportOrdersApi';

/** On support's pages a line leads to its order's page. */
const supportLinkOf = (line: StatementLine) => (line.orderId ? supportOrderPath(line.orderId) : null);

/** An order's moves of gems, as the player's statement says them. */
export function OrderGemMoves({ lines }: { lines: readonly StatementLine[] }) {
  return (
    <Panel aria-labelledby="gem-moves-heading">
      <h2 id="gem-moves-heading">{t.gemMovesHeading}</h2>
      {lines.length === 0 ? <p>{t.gemMovesNone}</p> : <StatementLines lines={lines} label={t.gemMovesHeading} linkOf={supportLinkOf} />}
    </Panel>
  );
}

/** The player's whole statement, as they read it: their gems, then every move, newest first, a page at a time. */
export function PlayerStatement({ uid }: { uid: string }) {
  const [pages, setPages] = useState<Array<string | null>>([null]);
  return (
    <Panel aria-labelledby="player-statement-heading" data-testid="player-statement">
      <h2 id="player-statement-heading">{t.playerStatementHeading}</h2>
      {pages.map((before, index) => (
        <StatementChunk key={before ?? 'newest'} uid={uid} before={before} first={index === 0} last={index === pages.length - 1} onOlder={(next) => setPages((shown) => [...shown, next])} />
      ))}
    </Panel>
  );
}

function StatementChunk({ uid, before, first, last, onOlder }: { uid: string; before: string | null; first: boolean; last: boolean; onOlder: (next: string) => void }) {
  const { data, error } = usePlayerStatementQuery({ uid, before });
  if (error) return <FormError>{errorMessage(error)}</FormError>;
  if (!data) return <div aria-busy="true" />;
  return (
    <>
      {first && <p data-testid="player-statement-gems">{t.playerStatementGems(formatGemCount(data.balance), formatGemCount(data.debt))}</p>}
      {data.lines.length > 0 && <StatementLines lines={data.lines} label={t.playerStatementHeading} linkOf={supportLinkOf} />}
      {last && data.next && (
        <p>
          <SecondaryButton type="button" onClick={() => onOlder(data.next!)}>
            {t.playerStatementOlder}
          </SecondaryButton>
        </p>
      )}
    </>
  );
}
