import { authErrorMessage, authMessages, isRefusedResetLink } from './authErrors';

const failure = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('auth error messages', () => {
  it('say the same for a wrong password and an unknown email', () => {
    const messages = ['auth/invalid-credential', 'auth/wrong-password', 'auth/user-not-found'].map((code) =>
      authErrorMessage(failure(code)),
    );
    expect(new Set(messages)).toEqual(new Set([authMessages.wrongCredentials]));
  });

  it.each([
    ['auth/weak-password', authMessages.weakPassword],
    ['auth/email-already-in-use', authMessages.emailInUse],
    ['auth/too-many-requests', authMessages.tooManyAttempts],
    ['auth/network-request-failed', authMessages.networkDown],
  ])('%s reads in plain words', (code, message) => {
    expect(authErrorMessage(failure(code))).toBe(message);
  });

  it('never shows a raw provider code', () => {
    const message = authErrorMessage(failure('auth/internal-error'));
    expect(message).toBe(authMessages.unknown);
    expect(authErrorMessage('boom')).toBe(authMessages.unknown);
    expect(authErrorMessage(null)).not.toMatch(/auth\//);
  });

  it('tells a reset link that can never work (used, expired, forged) from a failure worth retrying', () => {
    for (const code of ['auth/expired-action-code', 'auth/invalid-action-code']) expect(isRefusedResetLink(failure(code))).toBe(true);
    for (const code of ['auth/network-request-failed', 'auth/weak-password']) expect(isRefusedResetLink(failure(code))).toBe(false);
  });
});
