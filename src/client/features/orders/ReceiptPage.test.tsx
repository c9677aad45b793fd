import { screen, within } from '@testing-library/react';
import { receiptPath } from '../../../shared/routes';
import { renderApp, signedInState, testConfig } from '../../testing/renderApp';
import { ordersTexts } from './ordersTexts';

describe('a receipt before its order arrives', () => {
  it('shows the invoice heading, the seller and the order number from the address, busy, and no figures yet', async () => {
    const { actions } = await renderApp(receiptPath('WCABC123'), { state: signedInState });
    const invoice = await screen.findByTestId('tax-invoice');
    expect(within(invoice).getByRole('heading', { level: 1, name: ordersTexts.taxInvoice })).toBeInTheDocument();
    // Each label with its value, in the order shown: the date, which the order brings, is last.
    const facts = within(invoice).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      [ordersTexts.seller, testConfig.seller.legalName],
      [ordersTexts.abn, testConfig.seller.abn],
      [ordersTexts.invoiceNumber, 'WCABC123'],
      [ordersTexts.issued, '\u00a0'],
    ]);
    expect(invoice.closest('section')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByTestId('invoice-total')).not.toBeInTheDocument();
    expect(actions).toContainEqual(expect.objectContaining({ type: 'serverApi/executeQuery/pending', meta: expect.objectContaining({ arg: expect.objectContaining({ endpointName: 'receipt', originalArgs: 'WCABC123' }) }) }));
  });
});
