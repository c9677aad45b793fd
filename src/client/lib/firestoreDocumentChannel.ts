import { eventChannel, type EventChannel } from 'redux-saga';
import { firebaseAuth, firestoreDb } from './firebase';

export type DocumentEvent = { data: Record<string, unknown> | undefined } | { error: string };

/** Live readings of one Firestore document (undefined data while it does not exist), read-only. */
export function firestoreDocumentChannel(path: string): EventChannel<DocumentEvent> {
  return eventChannel<DocumentEvent>((emit) => {
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
        sdk.doc(db, path),
        (snapshot) => emit({ data: snapshot.data() }),
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
