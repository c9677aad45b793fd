import { eventChannel, type EventChannel } from 'redux-saga';
import { listenToFirebase, type ListenEvent, type QuerySpec } from './firebase';

export type { QuerySpec } from './firebase';
export type QueryEvent = ListenEvent<'query'>;

/** Live readings of a query's documents (the rules must allow the query), until the channel is closed. */
export function firestoreQueryChannel(spec: QuerySpec): EventChannel<QueryEvent> {
  return eventChannel<QueryEvent>((emit) => listenToFirebase<'query'>({ kind: 'query', spec }, emit));
}
