import { DAY_MS } from '../wallTime';

/**
 * A player's own data (docs/operations.md, A player's data): the archive of everything the store holds about an
 * account, and the account's deletion. The API, the player's page, support's queue and the privacy policy read these.
 */

/** The archive's sections, in its order: each says what it is and why the store keeps it (the archive's own words). */
export const ARCHIVE_SECTIONS = [
  { key: 'profile', title: 'Your account', what: 'Your account’s email, name, when it was made and last signed in, and how you sign in.', why: 'To let you sign in and to send your receipts.' },
  { key: 'orders', title: 'Your orders', what: 'Every order you made, as sold: the pack, the price, the tax, how it was paid and what became of it (also orders.csv).', why: 'Orders and their tax invoices are tax records the law has us keep for five years.' },
  { key: 'receipts', title: 'Your receipts’ details', what: 'The billing name, address, email and phone each order was made with.', why: 'They are printed on your tax invoice; the name and address stay with it for five years.' },
  { key: 'refunds', title: 'Your refund requests', what: 'Each refund you asked for, your reasons, and the decision.', why: 'To answer your request, and as the record of money returned.' },
  { key: 'disputes', title: 'Disputes with your bank', what: 'Any chargeback your bank raised on an order, and where it stands.', why: 'To answer the bank and to keep the gems and the money equal.' },
  { key: 'gemStatement', title: 'Your gem statement', what: 'Every move of your gems, with your balance after each (also gem-movements.csv).', why: 'These are the store’s books of what you bought and spent.' },
  { key: 'gifts', title: 'Gifts', what: 'The daily gifts you claimed, and gifts for a friend you sent or received.', why: 'So a day’s gift is given once, and a gift reaches the friend it was paid for.' },
  { key: 'rememberedDetails', title: 'Details you asked us to remember', what: 'The payment form’s details you chose to keep (never a card number).', why: 'To fill in the form for you; they go when you forget them, or 24 months after you last used them.' },
  { key: 'protections', title: 'Protections and consents', what: 'Your date of birth, your spending limit, a guardian’s consent, and their history.', why: 'The law and our terms ask us to protect young players and to keep your limits.' },
  { key: 'gameLinks', title: 'Your game and store sessions', what: 'Your player tag, the browsers you signed in to with the game, and when.', why: 'To let the game sign you in and to end a session you did not start.' },
  { key: 'offers', title: 'Offers and experiments', what: 'Whether you chose tailored offers, the experiments’ groups you were in, and the promo codes you used.', why: 'To give each offer once and to measure what helps players.' },
  { key: 'visits', title: 'Your visits', what: 'Where each purchase’s visit came from (a link, the game, a campaign), the browser key the daily gift counts, and for two days the payments the fraud checks count against your account.', why: 'To know which links bring sales, and to stop one browser taking many gifts or a stolen card many payments. Other visit figures are counted without your account.' },
  { key: 'requests', title: 'Your requests about your data', what: 'Each download of this archive and each request to delete your account.', why: 'To answer them within the law’s time, and to show we did.' },
] as const;

export type ArchiveSectionKey = (typeof ARCHIVE_SECTIONS)[number]['key'];

/** One section as the archive holds it: its words, and what the store holds (a list, a record, or null for nothing). */
export interface ArchiveSection {
  title: string;
  what: string;
  why: string;
  data: unknown;
}

/** The archive's JSON (data.json): whose, when it was made, and each section. */
export interface DataArchive {
  account: string;
  madeAt: string;
  sections: Record<ArchiveSectionKey, ArchiveSection>;
}

/** The files of the archive (a zip). */
export const ARCHIVE_FILES = { json: 'data.json', orders: 'orders.csv', gemMovements: 'gem-movements.csv' } as const;

export const archiveFileName = (madeAt: number) => `wyrmcrown-my-data-${new Date(madeAt).toISOString().slice(0, 10)}.zip`;

/** Downloads of the archive an account may make in a day (a player's and support's for them). */
export const ARCHIVES_PER_DAY = 3;

/** The law's time to carry out a deletion once asked (and to answer a request for the data). */
export const DELETION_DUE_DAYS = 30;
export const deletionDueAt = (requestedAt: number) => requestedAt + DELETION_DUE_DAYS * DAY_MS;

/** How long orders and their tax invoices are kept (with the name and address on them) after an account is deleted. */
export const TAX_RECORDS_KEPT_YEARS = 5;

/** A deletion is asked with a sign-in made this recently (the password given again). */
export const RECENT_SIGN_IN_MS = 5 * 60 * 1000;

/** What holds a deletion back until it ends: the player's words for each. */
export const DELETION_WAITS = {
  paymentUnderWay: 'A payment of yours is still under way (a bank transfer can take hours). We delete your account once it lands or ends, so nothing you paid for is lost.',
  disputeOpen: 'Your bank is disputing one of your payments. We delete your account once the dispute is decided.',
  gemsOwed: 'Your account owes gems from a payment taken back. We delete your account once that is settled.',
} as const;
export type DeletionWait = keyof typeof DELETION_WAITS;

/** A request about an account's data: an archive made (answered at once), or a deletion (open until carried out). */
export const PRIVACY_REQUEST_KINDS = ['archive', 'deletion'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const PRIVACY_REQUEST_STATES = ['open', 'done', 'cancelled'] as const;
export type PrivacyRequestState = (typeof PRIVACY_REQUEST_STATES)[number];

/** A request as the player and support see it; `waitingFor` is what holds an open deletion back now. */
export interface PrivacyRequestView {
  id: string;
  kind: PrivacyRequestKind;
  uid: string;
  state: PrivacyRequestState;
  /** Who asked: the player on the store, or support for a player who asked by email (and who checked it was them). */
  by: 'player' | 'support';
  requestedAt: number;
  dueAt: number;
  doneAt: number | null;
  /** The account's email while the account stands (support's queue only); gone once it is deleted. */
  email: string | null;
  waitingFor: DeletionWait[];
  /** Support's note of how the asker was checked (a request by email). */
  note: string | null;
}

/** GET /api/account/privacy: the player's open deletion request, if any, and their last requests. */
export interface PrivacyStatusResponse {
  deletion: PrivacyRequestView | null;
  archivesToday: number;
  archivesPerDay: number;
}

/** GET /api/support/privacy-requests: every request, open deletions first by their clock. */
export interface PrivacyQueueResponse {
  requests: PrivacyRequestView[];
}

/** The words of the player's page and support's queue. */
export const privacyTexts = {
  pageTitle: 'Your data',
  downloadHeading: 'Download your data',
  downloadIntro: 'One file (a zip) with everything the store holds about your account, each part saying what it is and why we keep it, and your orders and gem movements as spreadsheets.',
  downloadButton: 'Download my data',
  downloading: 'Preparing your file…',
  archivesLeft: (left: number) => `You can download it ${left} more ${left === 1 ? 'time' : 'times'} today.`,
  archivesSpent: `You downloaded your data ${ARCHIVES_PER_DAY} times today. Please try again tomorrow.`,
  deleteHeading: 'Delete your account',
  deleteIntro: `We delete or anonymise everything we hold about you within ${DELETION_DUE_DAYS} days. The law has us keep your orders and their tax invoices, with the name and address on them, for ${TAX_RECORDS_KEPT_YEARS} years. Gems you have not spent are lost, and the game is told.`,
  deletePassword: 'Your password, to confirm it is you',
  deleteButton: 'Ask to delete my account',
  deleteConfirm: 'I understand my account and its gems will be deleted',
  deleteRequested: (due: string) => `Your request is recorded. We will delete your account by ${due} and email you when it is done.`,
  deleteWaiting: 'It waits until this ends:',
  cancelButton: 'Keep my account',
  cancelled: 'Your request was withdrawn. Your account stays.',
  signInAgain: 'Please enter your password again to ask for this.',
  gameSession: 'To download your data or delete your account, sign in with your email and password, or ask support.',
  noPasswordAccount: 'This account has no password. Please ask support to delete it: they will check it is you.',
  stillWaiting: 'This account cannot be deleted yet:',
  alreadyDeleted: 'This account was deleted.',
} as const;
