import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answeringApi } from '../../../../test/support/answeringApi';
import { API_ROUTES } from '../../../shared/api';
import { STATEMENT_LINES_ON_ORDERS_PAGE, statementTexts, type StatementLine, type StatementPage } from '../../../shared/ledger';
import { receiptPath, ROUTES } from '../../../shared/routes';
import { ApiError, apiRequest } from '../../lib/apiClient';
import { renderApp, signedInState } from '../../testing/renderApp';

jest.mock('../../lib/apiClient', () => ({ ...jest.requireActual('../../lib/apiClient'), apiRequest: jest.fn() }));

const now = Date.now();
const line = (seq: number, overrides: Partial<StatementLine> = {}): StatementLine => ({
  id: `credit-daily_gift-gift-${seq}`,
  at: now - (100 - seq) * 60_000,
  kind: 'daily_gift',
  gems: 20,
  balanceAfter: 1000 + seq * 20,
  debtAfter: 0,
  words: 'Daily gift',
  orderId: null,
  claimId: `gift-${seq}`,
  ...overrides,
});
const bought = line(1, { id: 'credit-purchase-WCSTATEMENT000001', kind: 'purchase', gems: 1000, balanceAfter: 1000, words: 'Bought: Tiny of Gem, order WCSTATEMENT000001', orderId: 'WCSTATEMENT000001', claimId: null });
const takenBack = line(14, { id: 'debit-dispute-WCSTATEMENT000001', kind: 'dispute', gems: -1000, balanceAfter: 0, debtAfter: 740, words: 'Taken back: your bank reversed order WCSTATEMENT000001; 740 more than your balance held, now owed', orderId: 'WCSTATEMENT000001', claimId: null });
const newest: StatementPage = { balance: 0, debt: 740, lines: [takenBack, ...Array.from({ length: 12 }, (_unused, index) => line(13 - index))], next: '2' };
const older: StatementPage = { balance: 0, debt: 740, lines: [bought], next: null };

const answerPages = (before?: string) => (before === '2' ? older : newest);

describe('the player’s statement', () => {
  it('on the orders page: the balance and debt, the newest moves with their orders’ and gifts’ links, and the way to the rest', async () => {
    const calls = answeringApi(apiRequest as jest.MockedFunction<typeof apiRequest>, (_method, route, options) => (route === API_ROUTES.gemStatement ? answerPages(options?.query?.before) : null));
    await renderApp(ROUTES.orders, { state: signedInState });
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

  it('on its own page: every move, the older ones when asked, and the CSV saved as a file', async () => {
    const calls = answeringApi(apiRequest as jest.MockedFunction<typeof apiRequest>, (_method, route, options) =>
      route === API_ROUTES.gemStatement ? answerPages(options?.query?.before) : route === API_ROUTES.gemStatementCsv ? 'Time,What\r\n' : null,
    );
    const saved: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => (saved.push(blob), 'blob:statement'));
    URL.revokeObjectURL = jest.fn();
    const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderApp(ROUTES.gemStatement, { state: signedInState });
    expect(await screen.findAllByTestId('statement-line')).toHaveLength(13);
    await userEvent.click(screen.getByRole('button', { name: statementTexts.older }));
    await waitFor(() => expect(screen.getAllByTestId('statement-line')).toHaveLength(14));
    expect(screen.getAllByTestId('statement-line').at(-1)).toHaveTextContent('Bought: Tiny of Gem, order WCSTATEMENT000001');
    expect(screen.queryByRole('button', { name: statementTexts.older })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: statementTexts.download }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(await saved[0]!.text()).toBe('Time,What\r\n');
    expect(calls.filter((call) => call.route === API_ROUTES.gemStatementCsv)).toHaveLength(1);
    clicked.mockRestore();
  });

  it('asks a browser signed in with the game to be confirmed in the game first', async () => {
    answeringApi(apiRequest as jest.MockedFunction<typeof apiRequest>, (_method, route) => {
      if (route === API_ROUTES.gemStatement) throw new ApiError('refused', statementTexts.confirmInGame, 403, null, 'confirmInGame');
      return null;
    });
    await renderApp(ROUTES.orders, { state: signedInState });
    const statement = await screen.findByTestId('gem-statement');
    await within(statement).findByText(statementTexts.confirmInGame, { exact: false });
    expect(within(statement).getByRole('link', { name: statementTexts.confirm })).toHaveAttribute('href', ROUTES.signInSignUp);
    expect(within(statement).queryByTestId('statement-lines')).not.toBeInTheDocument();
  });
});
