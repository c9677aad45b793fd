import crypto from 'node:crypto';
import type { Firestore, WriteBatch } from 'firebase-admin/firestore';
import { orderEventsPath } from '../../shared/firestorePaths';
import { orderEventId, type OrderEvent } from '../../shared/orders/orderEvents';

/** Firestore refuses undefined values: an event keeps only the facts it has. */
const defined = (event: OrderEvent) => Object.fromEntries(Object.entries(event).filter(([, value]) => value !== undefined));

/** Appends events to their orders' histories as part of `batch`, so they land with the change they record or not at all. */
export function appendOrderEvents(db: Firestore, batch: WriteBatch, events: OrderEvent[]): void {
  events.forEach((event, position) => {
    const id = orderEventId(event.at, position, crypto.randomBytes(4).toString('hex'));
    batch.create(db.collection(orderEventsPath(event.orderId)).doc(id), defined(event));
  });
}

/** Records events that change nothing else (a callback or a return received) in a commit of their own. */
export async function recordOrderEvents(db: Firestore, events: OrderEvent[]): Promise<void> {
  const batch = db.batch();
  appendOrderEvents(db, batch, events);
  await batch.commit();
}

/** An order's history, oldest first. */
export async function readOrderEvents(db: Firestore, orderId: string): Promise<OrderEvent[]> {
  const snapshot = await db.collection(orderEventsPath(orderId)).orderBy('__name__').get();
  return snapshot.docs.map((doc) => doc.data() as OrderEvent);
}
