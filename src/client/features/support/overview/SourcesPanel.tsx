import { formatAud } from '../../../../shared/money';
import type { SaleSourceKind } from '../../../../shared/saleSource';
import { formatShare, type CreatorRow, type SourceRow } from '../../../../shared/stats';
import { Panel } from '../../../components/Panel';
import { FiguresTable, type FigureColumn } from './FiguresTable';
import { count } from './overviewColumns';

/** Each source in words, as the closed set names them (shared/saleSource). */
export const SOURCE_NAMES: Record<SaleSourceKind, string> = {
  direct: 'Direct (typed, bookmarked)',
  gameLink: 'A link in the game',
  gameSignIn: 'Sign in with the game',
  email: 'Email',
  creator: 'A creator',
  search: 'Search',
  otherSite: 'Another site',
};

const texts = {
  heading: 'Where sales come from',
  intro: 'The period’s funnel, orders and money by where each visit came from (the last link it followed in its session; direct when it followed none). Every row of the store is in one source, so the sources sum to the whole.',
  caption: 'The period by source',
  creatorsCaption: 'The period by creator',
  source: 'Source',
  shopVisits: 'Shop visits',
  buys: 'Buy pressed',
  submits: 'Orders made',
  paid: 'Paid orders',
  net: 'Net (A$)',
  conversion: 'Paid per shop visit',
  creatorConversion: 'Paid per order made',
  creatorsNote: 'By creator, from the orders made with a code (a code entered on the payment form, or brought by the creator’s link); their visits are in the row “A creator” above.',
} as const;

const SOURCE_COLUMNS: ReadonlyArray<FigureColumn<SourceRow>> = [
  { label: texts.source, cell: (row) => SOURCE_NAMES[row.source], csv: (row) => row.source },
  { label: texts.shopVisits, cell: (row) => count(row.shopVisit), csv: (row) => row.shopVisit },
  { label: texts.buys, cell: (row) => count(row.buy), csv: (row) => row.buy },
  { label: texts.submits, cell: (row) => count(row.submit), csv: (row) => row.submit },
  { label: texts.paid, cell: (row) => count(row.paid), csv: (row) => row.paid },
  { label: texts.net, cell: (row) => formatAud(row.netCents), csv: (row) => (row.netCents / 100).toFixed(2) },
  { label: texts.conversion, cell: (row) => formatShare(row.conversion), csv: (row) => row.conversion.toFixed(4) },
];

const CREATOR_COLUMNS: ReadonlyArray<FigureColumn<CreatorRow>> = [
  { label: 'Creator’s code', cell: (row) => row.code, csv: (row) => row.code },
  { label: texts.submits, cell: (row) => count(row.orders), csv: (row) => row.orders },
  { label: texts.paid, cell: (row) => count(row.paid), csv: (row) => row.paid },
  { label: texts.net, cell: (row) => formatAud(row.netCents), csv: (row) => (row.netCents / 100).toFixed(2) },
  { label: texts.creatorConversion, cell: (row) => formatShare(row.conversion), csv: (row) => row.conversion.toFixed(4) },
];

/** The overview by source (one row per source of the closed set) and by creator's code, each with its CSV. */
export function SourcesPanel({ sources, creators, file }: { sources: readonly SourceRow[]; creators: readonly CreatorRow[]; file: (name: string) => string }) {
  return (
    <Panel aria-labelledby="sources-heading">
      <h2 id="sources-heading">{texts.heading}</h2>
      <p>{texts.intro}</p>
      <FiguresTable caption={texts.caption} columns={SOURCE_COLUMNS} rows={sources} file={file('by-source')} testId="sources" open />
      {creators.length > 0 && <p>{texts.creatorsNote}</p>}
      {creators.length > 0 && <FiguresTable caption={texts.creatorsCaption} columns={CREATOR_COLUMNS} rows={creators} file={file('by-creator')} testId="creators" open />}
    </Panel>
  );
}
