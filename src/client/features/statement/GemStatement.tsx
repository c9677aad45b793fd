import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { STATEMENT_LINES_ON_ORDERS_PAGE } from '../../../shared/ledger';
import { statementTexts } from '../../../shared/statementTexts';
import { formatGemCount } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import { errorMessage, type ServerError } from '../../wiring/serverApi';
import { FormError } from '../../components/form/FormFeedback';
import { DownloadStatement } from './DownloadStatement';
import { StatementLines } from './StatementLines';
import { playerLinkOf } from './statementLinks';
import { useGemStatementQuery } from './statementApi';

const Section = styled.section`
  margin-top: 32px;

  h2 {
    margin: 0 0 8px;
  }
  p {
    margin: 6px 0;
  }
`;

/** The player's gems and what moved them, as the API answered a page: the balance (and any debt), then the lines. */
export function StatementHeader({ balance, debt }: { balance: number; debt: number }) {
  return (
    <>
      <p data-testid="statement-balance">
        <strong>{statementTexts.balance(formatGemCount(balance))}</strong>
      </p>
      {debt > 0 && <p data-testid="statement-owed">{statementTexts.owed(formatGemCount(debt))}</p>}
    </>
  );
}

/**
 * The orders page's statement: the player's gems, the newest moves of them, a link to the whole statement when there
 * are more, and the CSV. A browser signed in with the game reads it once the game confirms it.
 */
export function GemStatement() {
  const { data, error } = useGemStatementQuery(null);
  return (
    <Section aria-labelledby="statement-heading" aria-busy={!data && !error} data-testid="gem-statement">
      <h2 id="statement-heading">{statementTexts.heading}</h2>
      {(error as Partial<ServerError> | undefined)?.reason === 'confirmInGame' ? (
        <p>
          {statementTexts.confirmInGame} <Link to={ROUTES.signInSignUp}>{statementTexts.confirm}</Link>
        </p>
      ) : error ? (
        <FormError>{errorMessage(error) ?? statementTexts.loadFailed}</FormError>
      ) : (
        data && (
          <>
            <p>{statementTexts.intro}</p>
            <StatementHeader balance={data.balance} debt={data.debt} />
            {data.lines.length === 0 ? (
              <p>{statementTexts.empty}</p>
            ) : (
              <StatementLines lines={data.lines.slice(0, STATEMENT_LINES_ON_ORDERS_PAGE)} label={statementTexts.listLabel} linkOf={playerLinkOf} />
            )}
            {(data.lines.length > STATEMENT_LINES_ON_ORDERS_PAGE || data.next) && (
              <p>
                <Link to={ROUTES.gemStatement}>{statementTexts.seeAll}</Link>
              </p>
            )}
            {data.lines.length > 0 && <DownloadStatement />}
          </>
        )
      )}
    </Section>
  );
}
