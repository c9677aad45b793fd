import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';
import type { ConsentPageFacts } from '../../../shared/api';
import type { ProtectionsView } from '../../../shared/protections/playerProtections';
import type { SpendingLimitFormData } from '../../../shared/validation/spendingLimit';
import type { BirthDateFormData, ConsentFormData, GuardianEmailFormData } from '../../../shared/validation/protections';

export interface ProtectionsState {
  /** The player's protections and this month's spending, as the server counts them; null until read. */
  view: ProtectionsView | null;
  status: 'idle' | 'loading' | 'loaded' | 'saving' | 'failed';
  error: string | null;
  /** The last change was saved during this visit (the page says how it counts). */
  saved: boolean;
  /** The payment screen's gate: a date of birth or a guardian's email being sent, and to whom consent was asked. */
  gate: { status: 'idle' | 'sending' | 'failed'; error: string | null; askedOf: string | null };
  /** The guardian's page: the link checked, refused, or answered. */
  consent: { status: 'checking' | 'ready' | 'refused' | 'sending' | 'consented'; facts: ConsentPageFacts | null; error: string | null };
}

const initialState: ProtectionsState = {
  view: null,
  status: 'idle',
  error: null,
  saved: false,
  gate: { status: 'idle', error: null, askedOf: null },
  consent: { status: 'checking', facts: null, error: null },
};

const slice = createSlice({
  name: 'protections',
  initialState,
  reducers: {
    limitsRequested(state) {
      state.status = state.view ? state.status : 'loading';
      state.error = null;
    },
    limitsLoaded(state, action: PayloadAction<ProtectionsView>) {
      state.view = action.payload;
      state.status = 'loaded';
    },
    limitsFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    limitChangeRequested(state, _action: PayloadAction<SpendingLimitFormData>) {
      state.status = 'saving';
      state.error = null;
      state.saved = false;
    },
    limitChanged(state, action: PayloadAction<ProtectionsView>) {
      state.view = action.payload;
      state.status = 'loaded';
      state.saved = true;
    },
    limitChangeFailed(state, action: PayloadAction<string>) {
      state.status = 'loaded';
      state.error = action.payload;
    },
    birthDateSubmitted(state, _action: PayloadAction<BirthDateFormData>) {
      state.gate = { ...state.gate, status: 'sending', error: null };
    },
    guardianConsentAsked(state, _action: PayloadAction<GuardianEmailFormData>) {
      state.gate = { ...state.gate, status: 'sending', error: null };
    },
    gateAnswered(state, action: PayloadAction<{ view: ProtectionsView; askedOf?: string }>) {
      state.view = action.payload.view;
      state.gate = { status: 'idle', error: null, askedOf: action.payload.askedOf ?? state.gate.askedOf };
    },
    /** The guardian answered what the player waited for: nothing is awaited any more. */
    guardianAnswered(state) {
      state.gate.askedOf = null;
    },
    gateFailed(state, action: PayloadAction<string>) {
      state.gate = { ...state.gate, status: 'failed', error: action.payload };
    },
    consentLinkOpened(state) {
      state.consent = { status: 'checking', facts: null, error: null };
    },
    consentLinkChecked(state, action: PayloadAction<ConsentPageFacts>) {
      state.consent = { status: 'ready', facts: action.payload, error: null };
    },
    consentLinkRefused(state, action: PayloadAction<string>) {
      state.consent = { status: 'refused', facts: null, error: action.payload };
    },
    /** The guardian's limit travels as typed ("" for none); the link stays in the address bar, never in an action. */
    consentGiven(state, _action: PayloadAction<ConsentFormData>) {
      state.consent = { ...state.consent, status: 'sending', error: null };
    },
    consentRecorded(state) {
      state.consent = { ...state.consent, status: 'consented', error: null };
    },
    consentFailed(state, action: PayloadAction<string>) {
      state.consent = { ...state.consent, status: 'ready', error: action.payload };
    },
  },
  selectors: {
    selectLimits: (state) => state,
    selectLimitView: (state) => state.view,
    selectGate: (state) => state.gate,
    selectConsentPage: (state) => state.consent,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** The limits state, in the store from the moment this module loads (with a page that shows it). */
export const protectionsSlice = slice.injectInto(rootReducer);

export const {
  limitsRequested,
  limitsLoaded,
  limitsFailed,
  limitChangeRequested,
  limitChanged,
  limitChangeFailed,
  birthDateSubmitted,
  guardianConsentAsked,
  gateAnswered,
  guardianAnswered,
  gateFailed,
  consentLinkOpened,
  consentLinkChecked,
  consentLinkRefused,
  consentGiven,
  consentRecorded,
  consentFailed,
} = protectionsSlice.actions;
export const { selectLimits, selectLimitView, selectGate, selectConsentPage } = protectionsSlice.selectors;
