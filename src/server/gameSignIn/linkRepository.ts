import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, PROTECTION_EVENTS } from '../../shared/firestorePaths';
import { LINK_REDEEM_WINDOW_MS } from '../../shared/gameSignIn/linkCode';
import type { LinkSessionSignal } from '../../shared/gameSignIn/linkSession';
import type { ProtectionEvent } from '../../shared/protections/spendingLimit';
import { commitIfUnchanged, isAlreadyExists } from '../firebase/commitIfUnchanged';
import { recordPlayerTag } from '../accounts/playerTags';
import { confirmerRefusal, confirmRefusal, purposeOf, redeemRefusal, type LinkRefusal, type LinkSessionRecord } from './linkRules';
import { recordStoreSession, type StoreSessionRecord } from './storeSessions';

/** Sessions and their codes go from Firestore by its TTL policy on this field, an hour after they end. */
export const LINK_EXPIRY_FIELD = 'deleteAt';
const KEPT_AFTER_END_MS = 60 * 60_000;

export type ConfirmOutcome = { confirmed: LinkSessionRecord } | { refused: LinkRefusal };
export type RedeemOutcome = { redeemed: LinkSessionRecord } | { refused: LinkRefusal };

/** link_sessions/{id}, link_codes/{code} and player_tags/{tag}: the store's half of "Sign in with the game". */
export interface LinkRepository {
  /** Writes a new session with its code; false when the code names a session already (draw another). */
  start(session: LinkSessionRecord): Promise<boolean>;
  /** The session a code names, if any. */
  sessionForCode(code: string): Promise<LinkSessionRecord | null>;
  session(sessionId: string): Promise<LinkSessionRecord | null>;
  /** Confirms a code for the game account `uid` (its request from `gameCountry`) in one guarded commit, with the account's history and tag; or why not. */
  confirm(code: string, uid: string, now: number, gameCountry: string | null): Promise<ConfirmOutcome>;
  /**
   * Ends a confirmed session as redeemed by the browser holding `verifier` (signed in as the store session `caller`,
   * if any), once, with the new store session it signs in (`made`, for a sign-in) in the same commit; or why not.
   */
  redeem(sessionId: string, verifier: string, now: number, caller: string | null, made: StoreSessionRecord | null): Promise<RedeemOutcome>;
}

/** The account's history entry for a sign-in from the game. */
export const signedInFromGameEvent = (session: LinkSessionRecord, now: number): ProtectionEvent => ({ at: now, type: 'signedInFromGame', by: 'player', startedOn: session.startedOn });

/** What the browser may read of the session (link_signals/{id}, written beside link_sessions/{id}). */
export const signalOf = (session: LinkSessionRecord): LinkSessionSignal => ({ state: session.state, expiresAt: session.expiresAt });

const endsAt = (session: LinkSessionRecord) => Math.max(session.expiresAt, (session.confirmedAt ?? 0) + LINK_REDEEM_WINDOW_MS);

export function firestoreLinks(db: Firestore): LinkRepository {
  const sessions = db.collection(COLLECTIONS.linkSessions);
  const signals = db.collection(COLLECTIONS.linkSignals);
  const codes = db.collection(COLLECTIONS.linkCodes);
  const read = async (sessionId: string) => ((await sessions.doc(sessionId).get()).data() as LinkSessionRecord | undefined) ?? null;
  const expiry = (session: LinkSessionRecord) => ({ [LINK_EXPIRY_FIELD]: Timestamp.fromMillis(endsAt(session) + KEPT_AFTER_END_MS) });
  const sessionIdFor = async (code: string) => ((await codes.doc(code).get()).data()?.sessionId as string | undefined) ?? null;

  return {
    async start(session) {
      const batch = db.batch();
      batch.create(codes.doc(session.code), { sessionId: session.sessionId, ...expiry(session) });
      batch.create(sessions.doc(session.sessionId), { ...session, ...expiry(session) });
      batch.create(signals.doc(session.sessionId), { ...signalOf(session), ...expiry(session) });
      try {
        await batch.commit();
        return true;
      } catch (error) {
        if (isAlreadyExists(error)) return false;
        throw error;
      }
    },
    async sessionForCode(code) {
      const sessionId = await sessionIdFor(code);
      return sessionId ? read(sessionId) : null;
    },
    session: read,
    async confirm(code, uid, now, gameCountry) {
      const sessionId = await sessionIdFor(code);
      if (!sessionId) return { refused: 'unknown' };
      const ref = sessions.doc(sessionId);
      return commitIfUnchanged<ConfirmOutcome>(db, [ref], ([snapshot]) => {
        const session = (snapshot!.data() as LinkSessionRecord | undefined) ?? null;
        const refused = confirmRefusal(session, now, gameCountry) ?? confirmerRefusal(session!, uid);
        if (refused) return { result: { refused } };
        const confirmed: LinkSessionRecord = { ...session!, state: 'confirmed', uid, confirmedAt: now };
        return {
          result: { confirmed },
          writes: (batch, guard) => {
            batch.update(ref, { state: 'confirmed', uid, confirmedAt: now, ...expiry(confirmed) }, guard(snapshot!));
            batch.set(signals.doc(sessionId), { ...signalOf(confirmed), ...expiry(confirmed) });
            if (purposeOf(confirmed) === 'signIn') {
              batch.create(db.collection(COLLECTIONS.playerProtections).doc(uid).collection(PROTECTION_EVENTS).doc(`${now}-link-${sessionId.slice(0, 8)}`), signedInFromGameEvent(confirmed, now));
            }
            recordPlayerTag(db, batch, uid);
          },
        };
      });
    },
    async redeem(sessionId, verifier, now, caller, made) {
      const ref = sessions.doc(sessionId);
      return commitIfUnchanged<RedeemOutcome>(db, [ref], ([snapshot]) => {
        const session = (snapshot!.data() as LinkSessionRecord | undefined) ?? null;
        const refused = redeemRefusal(session, verifier, now, caller);
        if (refused) return { result: { refused } };
        return {
          result: { redeemed: { ...session!, state: 'redeemed', redeemedAt: now } },
          writes: (batch, guard) => {
            batch.update(ref, { state: 'redeemed', redeemedAt: now }, guard(snapshot!));
            batch.update(signals.doc(sessionId), { state: 'redeemed' });
            if (made) recordStoreSession(db, batch, made);
          },
        };
      });
    },
  };
}
