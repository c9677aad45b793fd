import { act, screen, waitFor, within } from '@testing-library/react';
import { sampleOrder, sampleProtections } from '../../../../test/fixtures/samples';
import { receiptPath, ROUTES } from '../../../shared/routes';
import { answeringApi, settled } from '../../../../test/support/answeringApi';
import { API_ROUTES } from '../../../shared/api';
import { apiRequest } from '../../lib/apiClient';
import { renderApp, signedInState } from '../../testing/renderApp';
import { pageUpdated } from './transactionsSlice';
import { ordersTexts } from './ordersTexts';
import { STATEMENT_LINES_ON_ORDERS_PAGE } from '../../../shared/ledger';
import { statementTexts } from '../../../shared/statementTexts';
import { answerStatementPages } from '../../../../test/fixtures/statementPages';
import { ApiError } from '../../lib/apiClient';

const now = Date.now();
const limits = sampleProtections({ monthlyLimitCents: 10_000, monthStartedAt: now - 86_400_000, spentThisMonthCents: 4599, heldThisMonthCents: 1599, leftThisMonthCents: 3802 });

jest.mock('../../lib/apiClient', () => ({ ...jest.requireActual('../../lib/apiClient'), apiRequest: jest.fn() }));

describe('the order history shows what the ledger holds', () => {
  it('what each order gave, the month’s paid money apart from what open orders hold, and a cancelled order as asked of the provider', async () => {
    // The protections feature's answer: the server's view of the month, read as the page shows.
    answeringApi(apiRequest as jest.MockedFunction<typeof apiRequest>, (_method, route) => (route === API_ROUTES.spendingLimit ? limits : null));
    const { store } = await renderApp(ROUTES.orders, { state: signedInState });
    const paid = sampleOrder({ orderId: 'WCPAID00000000001', status: 'paid', credited: true, bonusGems: 700, offerTitle: 'Dragon Week', createdAt: now - 60_000, paidAt: now - 50_000 });
    const cancelled = sampleOrder({ orderId: 'WCCANCELLED000001', status: 'cancelled', packId: 1, productName: 'Tiny', gemCount: 1000, amount: '15.99', createdAt: now - 30_000, updatedAt: now - 20_000 });
    act(() => {
      store.dispatch(pageUpdated({ index: 0, orders: [cancelled, paid] }));
    });

    const paidRow = (await screen.findAllByTestId('order-gems')).map((gems) => gems.textContent);
    expect(paidRow).toEqual(['+1,000 gems', '+4,200 gems (3,500 + 700 bonus, Dragon Week)']);
    await waitFor(() =>
      expect(screen.getByTestId('month-total')).toHaveTextContent(
        'This month you spent A$45.99. Unpaid orders below hold A$15.99 against your limit until they are paid or end.',
      ),
    );
    // Cancelling it was asking the provider: the row does not say the store never had to.
    const row = document.querySelector<HTMLElement>('[data-order-id="WCCANCELLED000001"]')!;
    expect(within(row).queryByText(ordersTexts.notAskedYet)).not.toBeInTheDocument();
    expect(within(row).getByRole('status')).toHaveTextContent(/^We last asked the provider at /);
  });

  it('says a disputed or charged-back order’s gems were taken back, not that it gave them', async () => {
    // The protections feature's answer: the server's view of the month, read as the page shows.
    answeringApi(apiRequest as jest.MockedFunction<typeof apiRequest>, (_method, route) => (route === API_ROUTES.spendingLimit ? limits : null));
    const { store } = await renderApp(ROUTES.orders, { state: signedInState });
    const disputed = sampleOrder({ orderId: 'WCDISPUTED0000001', status: 'paid', credited: true, createdAt: now - 60_000, dispute: { status: 'opened', openedAt: now - 1_000, decidedAt: null } });
    const chargedBack = sampleOrder({ orderId: 'WCCHARGEDBACK0001', status: 'charged_back', credited: true, createdAt: now - 90_000, dispute: { status: 'lost', openedAt: now - 5_000, decidedAt: now - 2_000 } });
    const won = sampleOrder({ orderId: 'WCWON000000000001', status: 'paid', credited: true, createdAt: now - 120_000, dispute: { status: 'won', openedAt: now - 9_000, decidedAt: now - 8_000 } });
    act(() => {
      store.dispatch(pageUpdated({ index: 0, orders: [disputed, chargedBack, won] }));
    });
    const gems = (await screen.findAllByTestId('order-gems')).map((shown) => shown.textContent);
    expect(gems).toEqual(['3,500 gems taken back by the dispute', '3,500 gems taken back by the dispute', '+3,500 gems']);
  });

  it('offers Buy Again on a paid order, and none while a dispute pauses buying', async () => {
    const paid = sampleOrder({ orderId: 'WCPAID00000000002', status: 'paid', credited: true, createdAt: now - 60_000, paidAt: now - 50_000 });
    const buyAgain = { name: `${ordersTexts.buyAgain}: ${paid.productName}` };
    answeringApi(apiRequest as jest.MockedFunction<typeof apiRequest>, (_method, route) => (route === API_ROUTES.spendingLimit ? limits : null));
    const free = await renderApp(ROUTES.orders, { state: signedInState });
    act(() => {
      free.store.dispatch(pageUpdated({ index: 0, orders: [paid] }));
    });
    await screen.findByRole('link', buyAgain);
    free.unmount();

    const paused = sampleProtections({ ...limits, purchaseBlock: 'disputePaused', disputedOrders: ['WCDISPUTED0000001'] });
    answeringApi(apiRequest as jest.MockedFunction<typeof apiRequest>, (_method, route) => (route === API_ROUTES.spendingLimit ? paused : null));
    const { store } = await renderApp(ROUTES.orders, { state: signedInState });
    act(() => {
      store.dispatch(pageUpdated({ index: 0, orders: [paid] }));
    });
    // The row shows (its Receipt), and once the paused view has come, no Buy Again, then or after.
    await screen.findByText(ordersTexts.receipt);
    await waitFor(() => expect(screen.queryByRole('link', buyAgain)).not.toBeInTheDocument());
    await settled();
    expect(screen.queryByRole('link', buyAgain)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: ordersTexts.receipt })).toBeInTheDocument();
  });
});

/** The orders page, its list read (empty): the statement below it shows with the list. */
async function ordersShown() {
  const { store } = await renderApp(ROUTES.orders, { state: signedInState });
  act(() => {
    store.dispatch(pageUpdated({ index: 0, orders: [] }));
  });
}

describe('the player’s statement on the orders page', () => {
  it('shows with the list, never before it: the rows that arrive push nothing below them down', async () => {
    answeringApi(apiRequest as jest.MockedFunction<typeof apiRequest>, (_method, route) => (route === API_ROUTES.gemStatement ? answerStatementPages() : null));
    const { store } = await renderApp(ROUTES.orders, { state: signedInState });
    await screen.findByTestId('order-list');
    expect(screen.queryByTestId('gem-statement')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(pageUpdated({ index: 0, orders: [sampleOrder({ status: 'paid', credited: true })] }));
    });
    await screen.findByTestId('gem-statement');
  });

  it('on the orders page: the balance and debt, the newest moves with their orders’ and gifts’ links, and the way to the rest', async () => {
    const calls = answeringApi(apiRequest as jest.MockedFunction<typeof apiRequest>, (_method, route, options) => (route === API_ROUTES.gemStatement ? answerStatementPages(options?.query?.before) : null));
    await ordersShown();
    const statement = await screen.findByTestId('gem-statement');
    await within(statement).findByTestId('statement-lines');
    expect(within(statement).getByTestId('statement-balance')).toHaveTextContent('Balance: 0 gems');
    expect(within(statement).getByTestId('statement-owed')).toHaveTextContent('Owed: 740 gems (your next gems pay it first)');
    const lines = within(statement).getAllByTestId('statement-line');
    expect(lines).toHaveLength(STATEMENT_LINES_ON_ORDERS_PAGE);
    expect(lines[0]).toHaveTextContent('Taken back: your bank reversed order WCSTATEMENT000001; 740 more than your balance held, now owed');
    expect(lines[0]).toHaveTextContent('\u22121,000 gems');
    expect(lines[0]).toHaveTextContent('Balance after: 0, owed 740');
    expect(within(lines[0]!).getByRole('link')).toHaveAttribute('href', receiptPath('WCSTATEMENT000001'));
    expect(within(lines[1]!).getByRole('link', { name: 'Daily gift' })).toHaveAttribute('href', ROUTES.rewards);
    expect(within(statement).getByRole('link', { name: statementTexts.seeAll })).toHaveAttribute('href', ROUTES.gemStatement);
    expect(within(statement).getByRole('button', { name: statementTexts.download })).toBeEnabled();
    expect(calls.filter((call) => call.route === API_ROUTES.gemStatement)).toHaveLength(1);
  });

  it('asks a browser signed in with the game to be confirmed in the game first', async () => {
    answeringApi(apiRequest as jest.MockedFunction<typeof apiRequest>, (_method, route) => {
      if (route === API_ROUTES.gemStatement) throw new ApiError('refused', statementTexts.confirmInGame, 403, null, 'confirmInGame');
      return null;
    });
    await ordersShown();
    const statement = await screen.findByTestId('gem-statement');
    await within(statement).findByText(statementTexts.confirmInGame, { exact: false });
    expect(within(statement).getByRole('link', { name: statementTexts.confirm })).toHaveAttribute('href', ROUTES.signInSignUp);
    expect(within(statement).queryByTestId('statement-lines')).not.toBeInTheDocument();
  });
});

