import { Link } from 'react-router-dom';
import { statementTexts } from '../../../shared/statementTexts';
import { ROUTES } from '../../../shared/routes';
import { useAppSelector } from '../../wiring/hooks';
import { errorMessage, type ServerError } from '../../wiring/serverApi';
import { FormError } from '../../components/form/FormFeedback';
import { PageHeading, PageSection } from '../../components/Page';
import { usePageTitle } from '../../hooks/usePageTitle';
import { selectIsSignedIn } from '../auth';
import { DownloadStatement } from './DownloadStatement';
import { StatementHeader } from './GemStatement';
import { StatementPages } from './StatementPages';
import { playerLinkOf } from './statementLinks';
import { useGemStatementQuery } from './statementApi';

/** The player's own statement, a page at a time. */
const usePlayerPage = (before: string | null) => useGemStatementQuery(before);

/** /account/gem-statement: every move of the player's gems, newest first, a page at a time, and the CSV. */
export default function StatementPage() {
  const signedIn = useAppSelector(selectIsSignedIn);
  usePageTitle(statementTexts.pageHeading);
  return (
    <PageSection>
      <PageHeading>{statementTexts.pageHeading}</PageHeading>
      {!signedIn ? (
        <p>
          <Link to={ROUTES.signInSignUp}>{statementTexts.signIn}</Link>
        </p>
      ) : (
        <>
          {/* Above the list, whose lines arrive after the first frame: nothing below them is pushed down (CLS 0). */}
          <p>
            <Link to={ROUTES.orders}>{statementTexts.backToOrders}</Link>
          </p>
          <p>{statementTexts.intro}</p>
          <StatementPages
            usePage={usePlayerPage}
            label={statementTexts.listLabel}
            olderLabel={statementTexts.older}
            linkOf={playerLinkOf}
            header={(first) => (
              <>
                <StatementHeader balance={first.balance} debt={first.debt} />
                {first.lines.length > 0 ? <DownloadStatement /> : <p>{statementTexts.empty}</p>}
              </>
            )}
            failed={(error) =>
              (error as Partial<ServerError>).reason === 'confirmInGame' ? (
                <p>
                  {statementTexts.confirmInGame} <Link to={ROUTES.signInSignUp}>{statementTexts.confirm}</Link>
                </p>
              ) : (
                <FormError>{errorMessage(error) ?? statementTexts.loadFailed}</FormError>
              )
            }
          />
        </>
      )}
    </PageSection>
  );
}
