import type { DecodedIdToken, UserRecord } from 'firebase-admin/auth';
import type { PlayerAuth } from '../../src/server/auth/playerAuth';
import { memoryStoreSessions } from './memory/memoryStoreSessions';

/**
 * Sign-ins for router tests: a player's ID token is their uid; `ws_…@player` is a store session of the game account
 * `player` (signed in with the game), acting while its record (made by `storeSessionOf`) stands.
 */
export function fakePlayerAuth() {
  const sessions = memoryStoreSessions();
  const auth: PlayerAuth = {
    verifyIdToken: async (token: string) => {
      const [uid, player] = token.split('@');
      return (player ? { uid, player, firebase: { sign_in_provider: 'custom' }, auth_time: 0 } : { uid, email: `${uid}@x.example` }) as unknown as DecodedIdToken;
    },
    getUser: async (uid: string) => ({ uid, disabled: false }) as UserRecord,
    storeSession: (sessionUid) => sessions.repository.find(sessionUid),
  };
  /** A store session of `player`, standing for a day (confirmed by the game for personal data, or not): its token. */
  const storeSessionOf = (player: string, sessionUid: string, personalData = false) => {
    sessions.records.set(sessionUid, { sessionId: sessionUid, player, startedOn: 'Chrome on Linux', startedIn: null, createdAt: Date.now(), expiresAt: Date.now() + 86_400_000, personalData, personalDataAt: null, endedAt: null, endedBy: null });
    return `${sessionUid}@${player}`;
  };
  return { auth, storeSessionOf, sessions: sessions.repository };
}
