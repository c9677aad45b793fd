import styled from 'styled-components';
import { visuallyHiddenStyle } from '../../../components/VisuallyHidden';
import { TableScroll } from '../components/supportTable';

/** A column of figures: its heading, the cell as shown, and the value as the CSV carries it (plain numbers). */
export interface FigureColumn<Row> {
  label: string;
  cell: (row: Row) => string;
  csv: (row: Row) => string | number;
}

/** The rows as CSV (RFC 4180): a header, then a line per row, quoted where a value needs it. */
export function toCsv<Row>(columns: ReadonlyArray<FigureColumn<Row>>, rows: readonly Row[]): string {
  const quote = (value: string | number) => {
    const text = String(value);
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [columns.map((column) => quote(column.label)), ...rows.map((row) => columns.map((column) => quote(column.csv(row))))].map((line) => line.join(',')).join('\r\n') + '\r\n';
}

const VisuallyHiddenCaption = styled.caption`
  ${visuallyHiddenStyle}
`;

/** Figures and dates whole in their cells (never broken mid-number); the table scrolls in its card where it is wider. */
const FiguresScroll = styled(TableScroll)`
  table {
    min-width: 0;
  }
  th,
  td {
    white-space: nowrap;
    overflow-wrap: normal;
  }
`;

const Download = styled.a`
  display: inline-block;
  margin-top: 8px;
  font-weight: 700;
`;

/**
 * A chart's figures as a table (its text alternative, in a disclosure), and as a CSV file to download, both from the
 * same columns and rows.
 */
export function FiguresTable<Row>({
  caption,
  columns,
  rows,
  file,
  testId,
  open = false,
}: {
  caption: string;
  columns: ReadonlyArray<FigureColumn<Row>>;
  rows: readonly Row[];
  file: string;
  testId: string;
  /** Shown at first, where the table is the panel's figures (no chart beside it). */
  open?: boolean;
}) {
  return (
    <details open={open}>
      <summary>{caption}: the figures as a table</summary>
      <FiguresScroll tabIndex={0} role="region" aria-label={`${caption}: the figures`}>
        <table data-testid={`${testId}-table`}>
          <VisuallyHiddenCaption>{caption}</VisuallyHiddenCaption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th scope="col" key={column.label}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column.label}>{column.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </FiguresScroll>
      <Download href={`data:text/csv;charset=utf-8,${encodeURIComponent(toCsv(columns, rows))}`} download={file} data-testid={`${testId}-csv`}>
        Download {caption} as CSV
      </Download>
    </details>
  );
}
