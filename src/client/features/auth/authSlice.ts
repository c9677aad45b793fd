import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { PublicUser } from './storedUser';

export type AuthRequest = 'signIn' | 'signUp' | 'signOut' | 'passwordReset';

/**
 * The page a reset email links to: its link checked (and whose account it is), the new password saved, or
 * the link refused (used, expired, or never issued). The link's code stays in the address bar, never in state.
 */
export interface NewPasswordState {
  status: 'checking' | 'ready' | 'saving' | 'saved' | 'invalidLink';
  email: string | null;
  error: string | null;
}

export interface AuthState {
  /** The signed-in player, or null. Seeded from localStorage so the first paint knows. */
  user: PublicUser | null;
  /** The request under way; its button shows progress and cannot be pressed again. */
  pending: AuthRequest | null;
  /** What went wrong with the last request, in plain words. */
  error: string | null;
  /** Set once a password-reset email was asked for. */
  passwordResetSent: boolean;
  /** Set by a sign-out, so the page that stays can say so. */
  signedOutNotice: boolean;
  newPassword: NewPasswordState;
}

/** What the sign-in and sign-up forms send: the password stays out of the store (passwordHandoff). */
export interface Credentials {
  email: string;
  passwordTicket: string;
}

/** Where the visitor goes after signing in: the pack they were buying, if the sign-in URL carried one. */
export interface SignInRedirect {
  item: string | null;
}

const initialState: AuthState = {
  user: null,
  pending: null,
  error: null,
  passwordResetSent: false,
  signedOutNotice: false,
  newPassword: { status: 'checking', email: null, error: null },
};

const startRequest = (state: AuthState, request: AuthRequest) => {
  state.pending = request;
  state.error = null;
  state.passwordResetSent = false;
  state.signedOutNotice = false;
};

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signInRequested(state, _action: PayloadAction<Credentials & SignInRedirect>) {
      startRequest(state, 'signIn');
    },
    /** The date of birth goes with the new account: the store's terms set a minimum age. */
    signUpRequested(state, _action: PayloadAction<Credentials & SignInRedirect & { birthDate: string }>) {
      startRequest(state, 'signUp');
    },
    signOutRequested(state, _action: PayloadAction<{ goHome: boolean }>) {
      startRequest(state, 'signOut');
    },
    passwordResetRequested(state, _action: PayloadAction<{ email: string }>) {
      startRequest(state, 'passwordReset');
    },
    signedIn(state, action: PayloadAction<PublicUser>) {
      state.user = action.payload;
      state.pending = null;
    },
    signedOut(state) {
      state.user = null;
      state.pending = null;
      state.signedOutNotice = true;
    },
    passwordResetSent(state) {
      state.pending = null;
      state.passwordResetSent = true;
    },
    authFailed(state, action: PayloadAction<string>) {
      state.pending = null;
      state.error = action.payload;
    },
    /** The Auth SDK reports who is signed in (on load, and whenever it changes). */
    userChanged(state, action: PayloadAction<PublicUser | null>) {
      state.user = action.payload;
    },
    resetLinkOpened(state) {
      state.newPassword = { status: 'checking', email: null, error: null };
    },
    resetLinkChecked(state, action: PayloadAction<{ email: string }>) {
      state.newPassword = { status: 'ready', email: action.payload.email, error: null };
    },
    resetLinkRefused(state) {
      state.newPassword = { status: 'invalidLink', email: null, error: null };
    },
    /** The new password, like every password, travels as a ticket (passwordHandoff). */
    newPasswordRequested(state, _action: PayloadAction<{ passwordTicket: string }>) {
      state.newPassword.status = 'saving';
      state.newPassword.error = null;
    },
    newPasswordSaved(state) {
      state.newPassword.status = 'saved';
    },
    /** Saving failed (the form stays), or the link could not be checked at all (it may be tried again). */
    newPasswordFailed(state, action: PayloadAction<string>) {
      state.newPassword.status = state.newPassword.email ? 'ready' : 'checking';
      state.newPassword.error = action.payload;
    },
    feedbackCleared(state) {
      state.error = null;
      state.passwordResetSent = false;
      state.signedOutNotice = false;
    },
  },
  selectors: {
    selectUser: (state) => state.user,
    selectIsSignedIn: (state) => state.user !== null,
    selectAuthPending: (state) => state.pending,
    selectAuthError: (state) => state.error,
    selectPasswordResetSent: (state) => state.passwordResetSent,
    selectSignedOutNotice: (state) => state.signedOutNotice,
    selectNewPassword: (state) => state.newPassword,
  },
});

// In the store from its start (app/store.ts puts it in).
declare module '../../wiring/rootReducer' {
  export interface StartingSlices extends WithSlice<typeof authSlice> {}
}

export const {
  signInRequested,
  signUpRequested,
  signOutRequested,
  passwordResetRequested,
  signedIn,
  signedOut,
  passwordResetSent,
  authFailed,
  userChanged,
  feedbackCleared,
  resetLinkOpened,
  resetLinkChecked,
  resetLinkRefused,
  newPasswordRequested,
  newPasswordSaved,
  newPasswordFailed,
} = authSlice.actions;

export const {
  selectUser,
  selectIsSignedIn,
  selectAuthPending,
  selectAuthError,
  selectPasswordResetSent,
  selectSignedOutNotice,
  selectNewPassword,
} = authSlice.selectors;

/** Every action after which a different player (or nobody) may be signed in. */
export const authActionsChangingUser = [signedIn.type, signedOut.type, userChanged.type];
