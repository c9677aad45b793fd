import { eventChannel, type EventChannel } from 'redux-saga';
import { listenToFirebase, type ListenEvent } from './firebase';

export type DocumentEvent = ListenEvent<'document'>;

/** Live readings of one Firestore document (undefined data while it does not exist), read-only. */
export function firestoreDocumentChannel(path: string): EventChannel<DocumentEvent> {
  return eventChannel<DocumentEvent>((emit) => listenToFirebase<'document'>({ kind: 'document', path }, emit));
}
