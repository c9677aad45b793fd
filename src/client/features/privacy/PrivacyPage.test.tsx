import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answeringApi } from '../../../../test/support/answeringApi';
import { samplePlayer } from '../../../../test/fixtures/samples';
import { API_ROUTES } from '../../../shared/api';
import { ARCHIVES_PER_DAY, DELETION_WAITS, privacyTexts, type PrivacyRequestView, type PrivacyStatusResponse } from '../../../shared/privacy/privacy';
import { ROUTES } from '../../../shared/routes';
import { apiRequest } from '../../lib/apiClient';
import { renderApp, signedInState } from '../../testing/renderApp';
import { confirmPassword } from '../auth';

jest.mock('../../lib/apiClient', () => ({ ...jest.requireActual('../../lib/apiClient'), apiRequest: jest.fn() }));
jest.mock('../auth', () => ({ ...jest.requireActual('../auth'), confirmPassword: jest.fn() }));

const asked: PrivacyRequestView = {
  id: `deletion-${samplePlayer.uid}`,
  kind: 'deletion',
  uid: samplePlayer.uid,
  state: 'open',
  by: 'player',
  requestedAt: Date.UTC(2026, 10, 29),
  dueAt: Date.UTC(2026, 11, 29),
  doneAt: null,
  email: null,
  waitingFor: ['paymentUnderWay'],
  note: null,
};

describe('the player’s data page', () => {
  it('asks for a deletion only after the password is given again, with a fresh token, then says when and what it waits for', async () => {
    let status: PrivacyStatusResponse = { deletion: null, archivesToday: 1, archivesPerDay: ARCHIVES_PER_DAY };
    const calls = answeringApi(apiRequest as jest.MockedFunction<typeof apiRequest>, (method, route) => {
      if (route === API_ROUTES.privacy) return status;
      if (route === API_ROUTES.accountDeletion && method === 'POST') {
        status = { ...status, deletion: asked };
        return asked;
      }
      return null;
    });
    (confirmPassword as jest.Mock).mockRejectedValueOnce(Object.assign(new Error('wrong'), { code: 'auth/wrong-password' })).mockResolvedValue(undefined);
    await renderApp(ROUTES.privacy, { state: signedInState });
    await screen.findByText(privacyTexts.archivesLeft(ARCHIVES_PER_DAY - 1));

    // Nothing is asked until the password is given and the consequence ticked.
    await userEvent.click(screen.getByRole('button', { name: privacyTexts.deleteButton }));
    expect(await screen.findByText(privacyTexts.signInAgain)).toBeInTheDocument();
    expect(confirmPassword).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(privacyTexts.deletePassword), 'wrong-password');
    await userEvent.click(screen.getByLabelText(privacyTexts.deleteConfirm));
    await userEvent.click(screen.getByRole('button', { name: privacyTexts.deleteButton }));
    expect(await screen.findByText(/do not match an account/)).toBeInTheDocument();
    expect(calls.filter((call) => call.route === API_ROUTES.accountDeletion)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: privacyTexts.deleteButton }));
    expect(await screen.findByText(DELETION_WAITS.paymentUnderWay)).toBeInTheDocument();
    expect(calls.filter((call) => call.route === API_ROUTES.accountDeletion)).toEqual([{ method: 'POST', route: API_ROUTES.accountDeletion, options: expect.objectContaining({ freshToken: true }) }]);
    expect(screen.getByText(/We will delete your account by 29 December 2026/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: privacyTexts.cancelButton })).toBeEnabled());
  });

  it('sends a browser signed in with a game code to its own sign-in, asking the API nothing', async () => {
    const calls = answeringApi(apiRequest as jest.MockedFunction<typeof apiRequest>, () => null);
    await renderApp(ROUTES.privacy, { state: { auth: { ...signedInState.auth!, user: { ...samplePlayer, storeSession: { sessionUid: 'ws_1', personalData: false } } } } });
    expect(await screen.findByText(privacyTexts.gameSession)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
