import { authErrorMessage, authMessages, isUnknownAccount } from './authErrors';

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

  it('recognises an unknown account for the password reset', () => {
    expect(isUnknownAccount(failure('auth/user-not-found'))).toBe(true);
    expect(isUnknownAccount(failure('auth/too-many-requests'))).toBe(false);
  });
});
