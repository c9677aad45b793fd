import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ColumnHeads } from './ColumnHeads';
import { TableScroll } from './supportTable';

/** Where a row's order leads, and whose it is: its first two cells. */
export interface RowOrder {
  orderId: string;
  to: string;
  /** The link's accessible name, where the order number alone would not say where it goes. */
  linkLabel?: string;
  player: string;
}

/**
 * A table of orders for staff (a queue, search results): each row's order number links on, the player beside it,
 * then the row's own cells under `labels` (the first two name the order and the player).
 */
export function OrdersTable<Row>({ testId, labels, rows, orderOf, cells }: { testId: string; labels: readonly string[]; rows: readonly Row[]; orderOf: (row: Row) => RowOrder; cells: (row: Row) => ReactNode[] }) {
  return (
    <TableScroll>
      <table data-testid={testId}>
        <ColumnHeads labels={labels} />
        <tbody>
          {rows.map((row) => {
            const order = orderOf(row);
            return (
              <tr key={order.orderId}>
                <td>
                  <Link to={order.to} aria-label={order.linkLabel}>
                    {order.orderId}
                  </Link>
                </td>
                <td>{order.player}</td>
                {cells(row).map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
