import { eventChannel, type EventChannel } from 'redux-saga';
import { call, take } from 'redux-saga/effects';
import { listenToFirebase, type ListenEvent } from './firebase';

export type DocumentEvent = ListenEvent<'document'>;

/** Live readings of one Firestore document (undefined data while it does not exist), read-only. */
export function firestoreDocumentChannel(path: string): EventChannel<DocumentEvent> {
  return eventChannel<DocumentEvent>((emit) => listenToFirebase<'document'>({ kind: 'document', path }, emit));
}

/**
 * Listens to one document until `holds` is true of a reading (answers true), or until live updates fail (answers
 * false: the caller asks the server instead). The listener is closed either way, and when the saga is cancelled.
 */
export function* documentHeldSaga(path: string, holds: (data: Record<string, unknown> | undefined) => boolean) {
  const channel: EventChannel<DocumentEvent> = yield call(firestoreDocumentChannel, path);
  try {
    while (true) {
      const event: DocumentEvent = yield take(channel);
      if ('error' in event) return false;
      if (holds(event.data)) return true;
    }
  } finally {
    channel.close();
  }
}
