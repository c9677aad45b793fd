/**
 * Plain-words messages for Firebase Auth failures (docs/storefront.md, Where the store does better, 5). A wrong password and an unknown email
 * read the same, so the form never tells whether an account exists.
 */
export const authMessages = {
  wrongCredentials: 'That email and password do not match an account. Check them and try again.',
  weakPassword: 'That password is too easy to guess. Use at least 8 characters, mixing words and numbers.',
  emailInUse: 'An account with this email already exists. Sign in instead, or reset your password.',
  invalidEmail: 'Enter a valid email address, like name@example.com.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes, then try again.',
  networkDown: 'We could not reach the sign-in service. Check your connection and try again.',
  disabled: 'This account has been disabled. Please contact support.',
  unknown: 'Something went wrong on our side. Please try again.',
  resetSent: 'If an account exists for that email, a link to reset the password is on its way.',
} as const;

const messageByCode: Record<string, string> = {
  'auth/invalid-credential': authMessages.wrongCredentials,
  'auth/invalid-login-credentials': authMessages.wrongCredentials,
  'auth/wrong-password': authMessages.wrongCredentials,
  'auth/user-not-found': authMessages.wrongCredentials,
  'auth/weak-password': authMessages.weakPassword,
  'auth/email-already-in-use': authMessages.emailInUse,
  'auth/invalid-email': authMessages.invalidEmail,
  'auth/too-many-requests': authMessages.tooManyAttempts,
  'auth/network-request-failed': authMessages.networkDown,
  'auth/user-disabled': authMessages.disabled,
};

export function authErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

export function authErrorMessage(error: unknown): string {
  return messageByCode[authErrorCode(error) ?? ''] ?? authMessages.unknown;
}

/** A reset link that cannot be used: already used, expired, or never issued (a forged or mistyped code). */
export function isRefusedResetLink(error: unknown): boolean {
  return ['auth/expired-action-code', 'auth/invalid-action-code', 'auth/user-disabled', 'auth/user-not-found'].includes(authErrorCode(error) ?? '');
}
