import { useState, type ReactNode } from 'react';
import type { StatementLine, StatementPage } from '../../../shared/ledger';
import { SecondaryButton } from '../../components/Button';
import { StatementLines } from './StatementLines';

/** A page of a statement as a query hook reads it: null for the newest, else the cursor the page before gave. */
export type StatementPageQuery = (before: string | null) => { data?: StatementPage; error?: unknown };

interface StatementPagesProps {
  usePage: StatementPageQuery;
  label: string;
  olderLabel: string;
  linkOf: (line: StatementLine) => string | null;
  /** What heads the statement once its first page is read (the gems, the CSV); and what a page that failed says. */
  header: (first: StatementPage) => ReactNode;
  failed: (error: unknown) => ReactNode;
}

/** A whole statement, newest first, a page at a time: each older page read when asked. The player's page and support's read it so. */
export function StatementPages(props: StatementPagesProps) {
  const [pages, setPages] = useState<Array<string | null>>([null]);
  return (
    <>
      {pages.map((before, index) => (
        <StatementChunk key={before ?? 'newest'} {...props} before={before} first={index === 0} last={index === pages.length - 1} onOlder={(next) => setPages((shown) => [...shown, next])} />
      ))}
    </>
  );
}

function StatementChunk({ usePage, label, olderLabel, linkOf, header, failed, before, first, last, onOlder }: StatementPagesProps & { before: string | null; first: boolean; last: boolean; onOlder: (next: string) => void }) {
  const { data, error } = usePage(before);
  if (error) return <>{failed(error)}</>;
  if (!data) return <div aria-busy="true" />;
  return (
    <>
      {first && header(data)}
      {data.lines.length > 0 && <StatementLines lines={data.lines} label={label} linkOf={linkOf} />}
      {last && data.next && (
        <p>
          <SecondaryButton type="button" onClick={() => onOlder(data.next!)}>
            {olderLabel}
          </SecondaryButton>
        </p>
      )}
    </>
  );
}
