import { statementTexts } from '../../../shared/statementTexts';
import { SecondaryButton } from '../../components/Button';
import { FormError, FormStatus } from '../../components/form/FormFeedback';
import { saveTextFile } from '../../lib/saveTextFile';
import { useLazyGemStatementCsvQuery } from './statementApi';

/** Download as CSV: the whole statement, the same lines as the page, read when asked (the API wants the player's token, which a plain link cannot carry). */
export function DownloadStatement() {
  const [fetchCsv, csv] = useLazyGemStatementCsvQuery();
  const download = async () => {
    const { data } = await fetchCsv();
    if (data !== undefined) saveTextFile(data, 'wyrmcrown-gem-statement.csv', 'text/csv');
  };
  return (
    <>
      <p>
        <SecondaryButton type="button" onClick={() => void download()} disabled={csv.isFetching}>
          {statementTexts.download}
        </SecondaryButton>
      </p>
      {csv.isFetching && <FormStatus>{statementTexts.downloading}</FormStatus>}
      {csv.isError && <FormError>{statementTexts.downloadFailed}</FormError>}
    </>
  );
}
