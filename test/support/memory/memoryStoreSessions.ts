import type { StoreSessionRecord, StoreSessions } from '../../../src/server/gameSignIn/storeSessions';
import { isActiveSession } from '../../../src/shared/gameSignIn/storeSessions';

/** store_sessions in memory, by the same rules as the Firestore repository (src/server/gameSignIn/storeSessions.ts). */
export function memoryStoreSessions() {
  const records = new Map<string, StoreSessionRecord>();
  const repository: StoreSessions = {
    async find(sessionUid) {
      const record = records.get(sessionUid);
      return record ? { ...record } : null;
    },
    async listFor(player) {
      return [...records.values()].filter((record) => record.player === player).sort((a, b) => b.createdAt - a.createdAt).map((record) => ({ ...record }));
    },
    async confirmPersonalData(sessionUid, player, now) {
      const record = records.get(sessionUid) ?? null;
      if (!isActiveSession(record, player, now)) return false;
      Object.assign(record, { personalData: true, personalDataAt: now });
      return true;
    },
    async end(player, sessionUid, by, now) {
      const active = [...records.values()].filter((record) => (sessionUid === null || record.sessionId === sessionUid) && isActiveSession(record, player, now));
      for (const record of active) Object.assign(record, { endedAt: now, endedBy: by });
      return active.map((record) => record.sessionId);
    },
  };
  return { repository, records };
}
