import { eventChannel, type EventChannel } from 'redux-saga';
import { firebaseAuth, firestoreDb } from './firebase';

/** A read-only Firestore query: equality filters, one ordering, a page size and where the page starts. */
export interface QuerySpec {
  collection: string;
  where: Array<[field: string, value: unknown]>;
  orderBy: [field: string, direction: 'asc' | 'desc'];
  limit: number;
  /** The ordering field's value of the last document of the page before (cursor-based paging). */
  startAfter?: unknown;
}

export type QueryEvent = { docs: Array<{ id: string; data: Record<string, unknown> }> } | { error: string };

/** Live readings of a query's documents (the rules must allow the query), until the channel is closed. */
export function firestoreQueryChannel(spec: QuerySpec): EventChannel<QueryEvent> {
  return eventChannel<QueryEvent>((emit) => {
    let unsubscribe: (() => void) | null = null;
    let closed = false;
    const listen = async () => {
      // Listen only once Auth has restored the session, so the query carries the player's token.
      const auth = await firebaseAuth();
      await auth.authStateReady();
      const [sdk, db] = await Promise.all([import(/* webpackChunkName: "firebase-firestore" */ 'firebase/firestore'), firestoreDb()]);
      if (closed) return;
      const constraints = [
        ...spec.where.map(([field, value]) => sdk.where(field, '==', value)),
        sdk.orderBy(...spec.orderBy),
        ...(spec.startAfter === undefined ? [] : [sdk.startAfter(spec.startAfter)]),
        sdk.limit(spec.limit),
      ];
      unsubscribe = sdk.onSnapshot(
        sdk.query(sdk.collection(db, spec.collection), ...constraints),
        (snapshot) => emit({ docs: snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() })) }),
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
