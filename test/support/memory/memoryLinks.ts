import { playerTagOf } from '../../../src/shared/playerTag';
import { signedInFromGameEvent, type LinkRepository } from '../../../src/server/gameSignIn/linkRepository';
import { confirmerRefusal, confirmRefusal, purposeOf, redeemRefusal, type LinkSessionRecord } from '../../../src/server/gameSignIn/linkRules';
import type { StoreSessionRecord } from '../../../src/server/gameSignIn/storeSessions';
import type { MemoryState } from './memoryState';

/** link_sessions, link_codes and player_tags in memory (and the store sessions redeemed into `storeSessions`), by the same rules as the Firestore repository. */
export function memoryLinks(state: Pick<MemoryState, 'protectionEvents'>, storeSessions: Map<string, StoreSessionRecord> = new Map()) {
  const sessions = new Map<string, LinkSessionRecord>();
  const codes = new Map<string, string>();
  const tags = new Map<string, Set<string>>();
  const repository: LinkRepository = {
    async start(session) {
      if (codes.has(session.code) || sessions.has(session.sessionId)) return false;
      codes.set(session.code, session.sessionId);
      sessions.set(session.sessionId, { ...session });
      return true;
    },
    async sessionForCode(code) {
      const sessionId = codes.get(code);
      return sessionId ? { ...sessions.get(sessionId)! } : null;
    },
    async session(sessionId) {
      const session = sessions.get(sessionId);
      return session ? { ...session } : null;
    },
    async confirm(code, uid, now, gameCountry) {
      const session = (await this.sessionForCode(code)) ?? null;
      const refused = confirmRefusal(session, now, gameCountry) ?? confirmerRefusal(session!, uid);
      if (refused) return { refused };
      const confirmed: LinkSessionRecord = { ...session!, state: 'confirmed', uid, confirmedAt: now };
      sessions.set(confirmed.sessionId, confirmed);
      if (purposeOf(confirmed) === 'signIn') state.protectionEvents.set(uid, [signedInFromGameEvent(confirmed, now), ...(state.protectionEvents.get(uid) ?? [])]);
      tags.set(playerTagOf(uid), new Set([...(tags.get(playerTagOf(uid)) ?? []), uid]));
      return { confirmed };
    },
    async redeem(sessionId, verifier, now, caller, made) {
      const session = sessions.get(sessionId) ?? null;
      const refused = redeemRefusal(session, verifier, now, caller);
      if (refused) return { refused };
      const redeemed: LinkSessionRecord = { ...session!, state: 'redeemed', redeemedAt: now };
      sessions.set(sessionId, redeemed);
      if (made) storeSessions.set(made.sessionId, { ...made });
      return { redeemed };
    },
  };
  return { repository, sessions, codes, tags };
}
