import type { PrivacyRequestRecord, PrivacyRequests } from '../../../src/server/privacy/privacyRequests';
import { archivesSince, deletionRequestId } from '../../../src/server/privacy/privacyRequests';
import { DAY_MS } from '../../../src/shared/wallTime';

/** privacy_requests in memory, by the same rules as Firestore's: the day's archives counted, one deletion per account opened once, withdrawn only while open. */
export function memoryPrivacyRequests(): PrivacyRequests & { records: Map<string, PrivacyRequestRecord> } {
  const records = new Map<string, PrivacyRequestRecord>();
  let made = 0;
  return {
    records,
    async recordArchive(uid, by, at, staff, perDay) {
      if (archivesSince([...records.values()].filter((record) => record.uid === uid), at - DAY_MS) >= perDay) return null;
      made += 1;
      const id = `archive-${uid}-${at}-${made}`;
      records.set(id, { id, kind: 'archive', uid, state: 'done', by, requestedAt: at, doneAt: at, email: null, staffUid: staff?.uid ?? null, note: staff?.note ?? null });
      return this.ofPlayer(uid);
    },
    async ofPlayer(uid) {
      return [...records.values()].filter((record) => record.uid === uid).sort((a, b) => b.requestedAt - a.requestedAt);
    },
    async find(id) {
      return records.get(id) ?? null;
    },
    async openDeletion(asked) {
      const id = deletionRequestId(asked.uid);
      const current = records.get(id);
      if (current?.state === 'open' || current?.state === 'done') return current;
      const record: PrivacyRequestRecord = { ...asked, id, kind: 'deletion', state: 'open', doneAt: null };
      records.set(id, record);
      return record;
    },
    async cancelDeletion(uid, at) {
      const current = records.get(deletionRequestId(uid));
      if (current?.state !== 'open') return false;
      records.set(current.id, { ...current, state: 'cancelled', doneAt: at, email: null });
      return true;
    },
    async queue(limit) {
      return [...records.values()].sort((a, b) => b.requestedAt - a.requestedAt).slice(0, limit);
    },
  };
}
