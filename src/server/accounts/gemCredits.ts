import { FieldValue, type DocumentReference, type DocumentSnapshot, type Precondition, type WriteBatch } from 'firebase-admin/firestore';
import { creditAgainstDebt, playerGemsOf } from '../../shared/balance';

/**
 * Adds a credit of gems to the player (users/{uid}) in `batch`, the commit that credits them, with `fields` beside
 * it. A dispute's gem debt is paid first, as by every credit, so the store's books and the game's agree: without a
 * debt an increment (racing credits all count); with one, the balance and the debt as `player` was read less what
 * the credit paid, guarded by that reading (a racing take-back reads again). `player` is the commit's reading of the
 * document; absent, the credit is an increment.
 */
export function writeGemCredit(
  batch: WriteBatch,
  guard: (snapshot: DocumentSnapshot) => Precondition,
  userRef: DocumentReference,
  player: DocumentSnapshot | undefined,
  credit: number,
  fields: Record<string, unknown> = {},
): void {
  const { after, debtPaid } = creditAgainstDebt(playerGemsOf(player?.data()), credit);
  if (debtPaid === 0 || !player?.exists) batch.set(userRef, { gemCount: FieldValue.increment(credit), ...fields }, { merge: true });
  else batch.update(player.ref, { gemCount: after.balance, gemDebt: after.debt, ...fields }, guard(player));
}
