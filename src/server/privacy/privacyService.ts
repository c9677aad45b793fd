import type { Writable } from 'node:stream';
import type { LedgerEntry } from '../../shared/ledger';
import { DAY_MS } from '../../shared/wallTime';
import { ARCHIVES_PER_DAY, DELETION_WAITS, privacyTexts, RECENT_SIGN_IN_MS, type PrivacyQueueResponse, type PrivacyRequestView, type PrivacyStatusResponse } from '../../shared/privacy/privacy';
import { HttpError } from '../http/errors';
import type { AccountRecords } from './accountRecords';
import { streamArchive } from './dataArchive';
import type { PlayerDataReads } from './playerDataReads';
import { archivesSince, deletionRequestId, toPrivacyRequestView, type PrivacyRequestRecord, type PrivacyRequests } from './privacyRequests';

/** What a player's data is read, kept and deleted through. */
export interface PrivacyDeps {
  settings: { STORE_TIME_ZONE: string };
  privacyRequests: PrivacyRequests;
  playerData: PlayerDataReads;
  ledger: { allOf(uid: string): Promise<LedgerEntry[]> };
  accounts: AccountRecords;
  /** Deletes or anonymises the account's data (./accountErasure), answering the store sessions' accounts to close. */
  erase(uid: string, email: string | null): Promise<string[]>;
  /** The deletion's last commit: done, the game told, the email owed (./accountErasure closeDeletion). */
  closeDeletion(uid: string, staffUid: string, at: number): Promise<'done' | 'notOpen'>;
}

/** A staff member acting for a player who asked by email, and how they checked it was the player. */
export type StaffAsker = { by: 'support'; staffUid: string; note: string };
/** Who asks for an archive: the player, or support for them. */
export type ArchiveAsker = { by: 'player' } | StaffAsker;
/** Who asks for a deletion: the player (with their token's sign-in time), or support for them. */
export type DeletionAsker = { by: 'player'; signedInAt: number } | StaffAsker;


async function viewOf(deps: PrivacyDeps, record: PrivacyRequestRecord): Promise<PrivacyRequestView> {
  return toPrivacyRequestView(record, record.kind === 'deletion' && record.state === 'open' ? await deps.playerData.deletionWaits(record.uid) : []);
}

/** GET /api/account/privacy: the player's deletion request (with what holds it now) and today's downloads. */
export async function privacyStatus(deps: PrivacyDeps, uid: string, now: number): Promise<PrivacyStatusResponse> {
  const requests = await deps.privacyRequests.ofPlayer(uid);
  const deletion = requests.find((request) => request.kind === 'deletion' && request.state !== 'cancelled');
  // The player knows their own email: the status never carries it (a browser signed in with a game code reads it too).
  return { deletion: deletion ? { ...(await viewOf(deps, deletion)), email: null } : null, archivesToday: archivesSince(requests, now - DAY_MS), archivesPerDay: ARCHIVES_PER_DAY };
}

/**
 * Streams the account's archive to the stream `open` gives (its headers sent then), once the day's downloads allow: a
 * refusal (429, or 404 for an account gone) is thrown before it is opened. Recorded as answered.
 */
export async function sendArchive(deps: PrivacyDeps, uid: string, asker: ArchiveAsker, open: () => Writable, now: number): Promise<void> {
  const account = await deps.accounts.find(uid);
  if (!account) throw new HttpError(404, privacyTexts.alreadyDeleted);
  const requests = await deps.privacyRequests.recordArchive(uid, asker.by, now, asker.by === 'support' ? { uid: asker.staffUid, note: asker.note } : null, ARCHIVES_PER_DAY);
  if (!requests) throw new HttpError(429, privacyTexts.archivesSpent);
  const [stored, ledger, views] = await Promise.all([deps.playerData.gather(uid), deps.ledger.allOf(uid), Promise.all(requests.map((request) => viewOf(deps, request)))]);
  await streamArchive(open(), { account, stored, ledger, requests: views.map((view) => ({ ...view, email: null })) }, now, deps.settings.STORE_TIME_ZONE);
}

/**
 * Records the account's deletion: by the player with a sign-in made in the last minutes, or by support for a player who
 * asked by email. Answers it with what holds it back now; the clock runs from the first request.
 */
export async function requestDeletion(deps: PrivacyDeps, uid: string, asker: DeletionAsker, now: number): Promise<PrivacyRequestView> {
  if (asker.by === 'player' && now - asker.signedInAt > RECENT_SIGN_IN_MS) throw new HttpError(401, privacyTexts.signInAgain, { reason: 'signInAgain' });
  const account = await deps.accounts.find(uid);
  if (!account) throw new HttpError(404, privacyTexts.alreadyDeleted);
  const record = await deps.privacyRequests.openDeletion({
    uid,
    by: asker.by,
    requestedAt: now,
    email: account.email,
    staffUid: asker.by === 'support' ? asker.staffUid : null,
    note: asker.by === 'support' ? asker.note : null,
  });
  return viewOf(deps, record);
}

export async function cancelDeletion(deps: PrivacyDeps, uid: string, now: number): Promise<void> {
  if (!(await deps.privacyRequests.cancelDeletion(uid, now))) throw new HttpError(409, 'There is no request to delete this account to withdraw.');
}

/**
 * Carries out an open deletion (support): refused, saying why, while a payment is under way, a dispute is open or gems
 * are owed. Erases the data, closes the account and its store sessions in Auth (signed out everywhere), then the last
 * commit tells the game and owes the email once. Each step is safe to do again after a failure.
 */
export async function carryOutDeletion(deps: PrivacyDeps, requestId: string, staffUid: string, now: number): Promise<PrivacyRequestView> {
  const request = await deps.privacyRequests.find(requestId);
  if (!request || request.kind !== 'deletion' || request.id !== deletionRequestId(request.uid)) throw new HttpError(404, 'No such deletion request.');
  if (request.state !== 'open') throw new HttpError(409, `This request is ${request.state} already.`);
  const waits = await deps.playerData.deletionWaits(request.uid);
  if (waits.length > 0) throw new HttpError(409, [privacyTexts.stillWaiting, ...waits.map((wait) => DELETION_WAITS[wait])].join(' '), { reason: 'deletionWaits' });
  const sessions = await deps.erase(request.uid, request.email);
  await deps.accounts.close([request.uid, ...sessions]);
  await deps.closeDeletion(request.uid, staffUid, now);
  return toPrivacyRequestView((await deps.privacyRequests.find(requestId))!);
}

/** Support's queue: open deletions first, the nearest clock first, then the rest newest first. */
export async function privacyQueue(deps: PrivacyDeps): Promise<PrivacyQueueResponse> {
  const records = await deps.privacyRequests.queue(100);
  const views = await Promise.all(records.map((record) => viewOf(deps, record)));
  const open = views.filter((view) => view.state === 'open').sort((a, b) => a.dueAt - b.dueAt);
  const rest = views.filter((view) => view.state !== 'open').sort((a, b) => b.requestedAt - a.requestedAt);
  return { requests: [...open, ...rest] };
}
