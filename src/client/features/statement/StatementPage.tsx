import { useState } from 'react';
import { Link } from 'react-router-dom';
import { statementTexts } from '../../../shared/ledger';
import { ROUTES } from '../../../shared/routes';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, type ServerError } from '../../app/serverApi';
import { SecondaryButton } from '../../components/Button';
import { FormError } from '../../components/form/FormFeedback';
import { PageHeading, PageSection } from '../../components/Page';
import { usePageTitle } from '../../hooks/usePageTitle';
import { selectIsSignedIn } from '../auth';
import { DownloadStatement } from './DownloadStatement';
import { StatementHeader } from './GemStatement';
import { StatementLines } from './StatementLines';
import { playerLinkOf } from './statementLinks';
import { useGemStatementQuery } from './statementApi';

/** /account/gem-statement: every move of the player's gems, newest first, a page at a time, and the CSV. */
export default function StatementPage() {
  const signedIn = useAppSelector(selectIsSignedIn);
  usePageTitle(statementTexts.pageHeading);
  // The pages shown: the newest (null), then each older one asked for, by the cursor the page before gave.
  const [pages, setPages] = useState<Array<string | null>>([null]);
  return (
    <PageSection>
      <PageHeading>{statementTexts.pageHeading}</PageHeading>
      {!signedIn ? (
        <p>
          <Link to={ROUTES.signInSignUp}>{statementTexts.signIn}</Link>
        </p>
      ) : (
        <>
          <p>{statementTexts.intro}</p>
          {pages.map((before, index) => (
            <StatementChunk key={before ?? 'newest'} before={before} first={index === 0} last={index === pages.length - 1} onOlder={(next) => setPages((shown) => [...shown, next])} />
          ))}
          <p>
            <Link to={ROUTES.orders}>{statementTexts.backToOrders}</Link>
          </p>
        </>
      )}
    </PageSection>
  );
}

/** One page of the statement; the first with the player's gems and the CSV, the last with Show older moves. */
function StatementChunk({ before, first, last, onOlder }: { before: string | null; first: boolean; last: boolean; onOlder: (next: string) => void }) {
  const { data, error } = useGemStatementQuery(before);
  if ((error as Partial<ServerError> | undefined)?.reason === 'confirmInGame') {
    return (
      <p>
        {statementTexts.confirmInGame} <Link to={ROUTES.signInSignUp}>{statementTexts.confirm}</Link>
      </p>
    );
  }
  if (error) return <FormError>{errorMessage(error) ?? statementTexts.loadFailed}</FormError>;
  if (!data) return <div aria-busy="true" />;
  return (
    <>
      {first && (
        <>
          <StatementHeader balance={data.balance} debt={data.debt} />
          {data.lines.length > 0 && <DownloadStatement />}
        </>
      )}
      {first && data.lines.length === 0 ? <p>{statementTexts.empty}</p> : <StatementLines lines={data.lines} label={statementTexts.listLabel} linkOf={playerLinkOf} />}
      {last && data.next && (
        <p>
          <SecondaryButton type="button" onClick={() => onOlder(data.next!)}>
            {statementTexts.older}
          </SecondaryButton>
        </p>
      )}
    </>
  );
}
