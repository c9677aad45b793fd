import { eventChannel, type EventChannel } from 'redux-saga';
import { firebaseAuth, firestoreDb } from '../../lib/firebase';

export type BalanceEvent = { gemCount: number } | { error: string };

/** A user document with no gemCount yet (a new player) holds 0 gems. */
export function gemCountOf(data: Record<string, unknown> | undefined): number {
  const value = data?.gemCount;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Live readings of users/{uid}.gemCount, read-only (the security rules allow nothing else). */
export function gemBalanceChannel(uid: string): EventChannel<BalanceEvent> {
  return eventChannel<BalanceEvent>((emit) => {
    let unsubscribe: (() => void) | null = null;
    let closed = false;
    const listen = async () => {
      // Listen only once Auth has restored the session, so the first read carries the player's token.
      const auth = await firebaseAuth();
      await auth.authStateReady();
      const [sdk, db] = await Promise.all([
        import(/* webpackChunkName: "firebase-firestore" */ 'firebase/firestore'),
        firestoreDb(),
      ]);
      if (closed) return;
      unsubscribe = sdk.onSnapshot(
        sdk.doc(db, 'users', uid),
        (snapshot) => emit({ gemCount: gemCountOf(snapshot.data()) }),
        (error) => emit({ error: error.message }),
      );
    };
    listen().catch((error: Error) => emit({ error: error.message }));
    return () => {
      closed = true;
      unsubscribe?.();
    };
  });
}
