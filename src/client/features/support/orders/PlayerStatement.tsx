import type { StatementLine } from '../../../../shared/ledger';
import { formatGemCount } from '../../../../shared/money';
import { supportOrderPath } from '../../../../shared/routes';
import { errorMessage } from '../../../wiring/serverApi';
import { FormError } from '../../../components/form/FormFeedback';
import { Panel } from '../../../components/Panel';
import { StatementLines, StatementPages } from '../../statement';
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
  const usePage = (before: string | null) => usePlayerStatementQuery({ uid, before });
  return (
    <Panel aria-labelledby="player-statement-heading" data-testid="player-statement">
      <h2 id="player-statement-heading">{t.playerStatementHeading}</h2>
      <StatementPages
        usePage={usePage}
        label={t.playerStatementHeading}
        olderLabel={t.playerStatementOlder}
        linkOf={supportLinkOf}
        header={(first) => <p data-testid="player-statement-gems">{t.playerStatementGems(formatGemCount(first.balance), formatGemCount(first.debt))}</p>}
        failed={(error) => <FormError>{errorMessage(error)}</FormError>}
      />
    </Panel>
  );
}
