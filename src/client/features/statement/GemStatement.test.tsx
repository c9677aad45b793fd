import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answeringApi } from '../../../../test/support/answeringApi';
import { API_ROUTES } from '../../../shared/api';
import { statementTexts } from '../../../shared/statementTexts';
import { answerStatementPages as answerPages } from '../../../../test/fixtures/statementPages';
import { ROUTES } from '../../../shared/routes';
import { apiRequest } from '../../lib/apiClient';
import { renderApp, signedInState } from '../../testing/renderApp';

jest.mock('../../lib/apiClient', () => ({ ...jest.requireActual('../../lib/apiClient'), apiRequest: jest.fn() }));


describe('the player’s statement', () => {
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
});
