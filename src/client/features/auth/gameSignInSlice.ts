import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../wiring/rootReducer';
import type { LinkPurpose } from '../../../shared/gameSignIn/linkSession';
import type { SignInRedirect } from './authSlice';

/**
 * "Sign in with the game" on the sign-in page: the code shown (with its deep link) and until when, the wait for the
 * game's confirmation, and the question asked before replacing an account this browser is signed in with. The
 * verifier that proves this browser started it never enters the store (./gameSignInService).
 */
export interface GameSignInState {
  /** `confirmed`: the game confirmed this store session for the account's personal data (a `personalData` code). */
  status: 'idle' | 'starting' | 'waiting' | 'signingIn' | 'asking' | 'confirmed' | 'expired' | 'failed';
  /** Set while the code asks the game that this store session may reach the account's personal data (else a sign-in). */
  purpose?: Extract<LinkPurpose, 'personalData'>;
  /** "K7Q2-M4XD" */
  code: string | null;
  gameLink: string | null;
  /** When the code stops working, by this browser's clock. */
  expiresAt: number | null;
  error: string | null;
  /**
   * Who the game confirmed, while the player is asked whether it is them: beside who this browser is signed in as
   * (switch account?), or, signed out, on its own (is this you?).
   */
  replacing: { current: string | null; next: string } | null;
  /** The player said no to the account the game confirmed: kept the one they were signed in with, or stayed signed out. Said once. */
  kept: 'signedIn' | 'signedOut' | null;
}

const initialState: GameSignInState = { status: 'idle', code: null, gameLink: null, expiresAt: null, error: null, replacing: null, kept: null };

/** What a new code is asked for: a sign-in (then where to go: SignInRedirect), or this store session's confirmation for personal data. */
export type GameCodeRequest = SignInRedirect & { purpose?: LinkPurpose };

const slice = createSlice({
  name: 'gameSignIn',
  initialState,
  reducers: {
    /** A new code is asked for (the first, or after one expired). */
    gameSignInStarted(_state, action: PayloadAction<GameCodeRequest>) {
      return { ...initialState, status: 'starting' as const, ...(action.payload.purpose === 'personalData' ? { purpose: 'personalData' as const } : {}) };
    },
    gameCodeShown(state, action: PayloadAction<{ code: string; gameLink: string; expiresAt: number }>) {
      Object.assign(state, action.payload, { status: 'waiting' });
    },
    gameCodeExpired(state) {
      state.status = 'expired';
    },
    gameSignInConfirmed(state) {
      state.status = 'signingIn';
    },
    gameAccountAsked(state, action: PayloadAction<{ current: string | null; next: string }>) {
      state.status = 'asking';
      state.replacing = action.payload;
    },
    gameAccountReplaced(state) {
      state.status = 'signingIn';
      state.replacing = null;
    },
    /** The game confirmed this store session for personal data, and the browser holds its new token. */
    personalDataConfirmed(state) {
      state.status = 'confirmed';
      state.code = null;
    },
    gameAccountKept(_state, action: PayloadAction<{ signedIn: boolean }>) {
      return { ...initialState, kept: action.payload.signedIn ? ('signedIn' as const) : ('signedOut' as const) };
    },
    gameSignInFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** The player left the game's view (or signed in): any wait stops, and the code is forgotten. */
    gameSignInLeft() {
      return initialState;
    },
  },
  selectors: {
    selectGameSignIn: (state) => state,
  },
});

declare module '../../wiring/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** In the store from the moment this module loads, with the sign-in page. */
export const gameSignInSlice = slice.injectInto(rootReducer);

export const {
  gameSignInStarted,
  gameCodeShown,
  gameCodeExpired,
  gameSignInConfirmed,
  gameAccountAsked,
  gameAccountReplaced,
  gameAccountKept,
  gameSignInFailed,
  gameSignInLeft,
  personalDataConfirmed,
} = gameSignInSlice.actions;
export const { selectGameSignIn } = gameSignInSlice.selectors;
