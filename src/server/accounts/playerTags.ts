import { FieldValue, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../shared/firestorePaths';
import { playerTagOf } from '../../shared/playerTag';

/**
 * player_tags/{tag}: the accounts a player tag names, for support's search by "#K7Q2M4XD". Written in the commits
 * where an account first matters to support: its first order, and its sign-in from the game.
 */
export function recordPlayerTag(db: Firestore, batch: WriteBatch, uid: string): void {
  batch.set(db.collection(COLLECTIONS.playerTags).doc(playerTagOf(uid)), { uids: FieldValue.arrayUnion(uid) }, { merge: true });
}

export async function uidsOfPlayerTag(db: Firestore, tag: string): Promise<string[]> {
  return ((await db.collection(COLLECTIONS.playerTags).doc(tag).get()).data()?.uids as string[] | undefined) ?? [];
}
