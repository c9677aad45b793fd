import crypto from 'node:crypto';
import type { DocumentData, DocumentReference, Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS, orderEventsPath } from '../../shared/firestorePaths';
import { orderEventId, STAFF_ROLE, type OrderEvent, type StoredOrderEvent } from '../../shared/orders/orderEvents';

/** staff_actions/{eventId}: who on the staff did what an event of an order's history records. */
interface StaffAction {
  orderId: string;
  eventId: string;
  at: number;
  type: OrderEvent['type'];
  uid: string;
  email: string;
}

/** Firestore refuses undefined values: an event keeps only the facts it has. */
const defined = (event: object) => Object.fromEntries(Object.entries(event).filter(([, value]) => value !== undefined));

/** What creates documents: a batch (its writes land together) or a BulkWriter (each on its own, answered one by one). */
interface Creates<Answer> {
  create(document: DocumentReference, data: DocumentData): Answer;
}

/**
 * Appends events to their orders' histories as part of `batch`, so they land with the change they record or
 * not at all (or through a BulkWriter, whose answers it returns). The history is the player's to read, so a staff
 * member is named there only by role; who it was goes beside it, to staff_actions, which only staff read.
 */
export function appendOrderEvents<Answer>(db: Firestore, batch: Creates<Answer>, events: OrderEvent[]): Answer[] {
  return events.flatMap((event, position) => {
    const id = orderEventId(event.at, position, crypto.randomBytes(4).toString('hex'));
    const { actor, ...facts } = event;
    const stored: StoredOrderEvent = { ...facts, ...(actor ? { actor: STAFF_ROLE } : {}) };
    const created = [batch.create(db.collection(orderEventsPath(event.orderId)).doc(id), defined(stored))];
    if (actor) {
      const action: StaffAction = { orderId: event.orderId, eventId: id, at: event.at, type: event.type, uid: actor.uid, email: actor.email };
      created.push(batch.create(db.collection(COLLECTIONS.staffActions).doc(id), action));
    }
    return created;
  });
}

/** Records events that change nothing else (a callback or a return received) in a commit of their own. */
export async function recordOrderEvents(db: Firestore, events: OrderEvent[]): Promise<void> {
  const batch = db.batch();
  appendOrderEvents(db, batch, events);
  await batch.commit();
}

/** An order's history, oldest first, with the staff members who acted named again: for support's eyes only. */
export async function readOrderEvents(db: Firestore, orderId: string): Promise<OrderEvent[]> {
  const [history, actions] = await Promise.all([
    db.collection(orderEventsPath(orderId)).orderBy('__name__').get(),
    db.collection(COLLECTIONS.staffActions).where('orderId', '==', orderId).get(),
  ]);
  const staffOf = new Map(actions.docs.map((doc) => [doc.id, doc.data() as StaffAction]));
  return history.docs.map((doc) => {
    const { actor: _role, ...facts } = doc.data() as StoredOrderEvent;
    const staff = staffOf.get(doc.id);
    return { ...(facts as Omit<OrderEvent, 'actor'>), ...(staff ? { actor: { uid: staff.uid, email: staff.email } } : {}) };
  });
}
