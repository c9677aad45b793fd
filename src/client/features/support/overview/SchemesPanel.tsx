import { Panel } from '../../../components/Panel';
import { FiguresTable } from './FiguresTable';
import { SCHEME_COLUMNS } from './schemeColumns';
import { schemeTexts as t } from './schemeTexts';
import { useSchemeRatesQuery } from './supportOverviewApi';

/** Fraud and disputes against the schemes' and AusPayNet's marks, by quarter and by month, with what the risk rules did. */
export function SchemesPanel() {
  const { data } = useSchemeRatesQuery();
  return (
    <Panel aria-labelledby="schemes-heading">
      <h2 id="schemes-heading">{t.heading}</h2>
      <p>{t.intro}</p>
      {!data ? (
        <p role="status">{t.loading}</p>
      ) : (
        <>
          <FiguresTable caption={t.quartersCaption} columns={SCHEME_COLUMNS} rows={data.quarters} file="wyrmcrown-schemes-by-quarter.csv" testId="schemes-quarters" open />
          <FiguresTable caption={t.monthsCaption} columns={SCHEME_COLUMNS} rows={data.months} file="wyrmcrown-schemes-by-month.csv" testId="schemes-months" open />
        </>
      )}
    </Panel>
  );
}
