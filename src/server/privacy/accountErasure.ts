import { FieldValue, Timestamp, type DocumentReference, type Firestore, type UpdateData, type WriteBatch } from 'firebase-admin/firestore';
import { COLLECTIONS, GEM_LEDGER, OFFER_USES, ORDER_EVENTS, PROTECTION_EVENTS } from '../../shared/firestorePaths';
import { playerTagOf } from '../../shared/playerTag';
import { TAX_RECORDS_KEPT_YEARS } from '../../shared/privacy/privacy';
import { commitIfUnchanged } from '../firebase/commitIfUnchanged';
import { recordAccountDeleted } from '../gameEvents/gameEventRecords';
import { renameGiftSides } from '../ledger/gemLedger';
import { enqueueMailTo } from '../mail/outbox';
import { RECEIPT_FIELDS } from './dataArchive';
import { deletionRequestId } from './privacyRequests';

/**
 * What becomes of each collection's data about an account when it is deleted (docs/operations.md, A player's data):
 * deleted; kept as a tax record (name and address only); kept as the books (no personal field: the account's id is
 * their key, and nothing left names whose it was); words about the player replaced; gone by its own TTL within days;
 * or it holds nothing about a player. Every collection is named: a new one fails the type check until it is.
 */
export type AfterDeletion = 'deleted' | 'taxRecord' | 'books' | 'anonymised' | 'expires' | 'none';
export const AFTER_DELETION: Readonly<Record<keyof typeof COLLECTIONS, AfterDeletion>> = {
  users: 'books',
  transactions: 'taxRecord',
  successfulTransactions: 'anonymised',
  refundRequests: 'anonymised',
  mailOutbox: 'books',
  callbackRejections: 'none',
  staff: 'none',
  staffActions: 'none',
  openOrderSlots: 'deleted',
  playerProtections: 'deleted',
  guardianConsentRequests: 'deleted',
  offers: 'deleted',
  firstPurchaseBonuses: 'deleted',
  passwordResetRequests: 'deleted',
  rateLimits: 'expires',
  operations: 'none',
  linkSessions: 'deleted',
  storeSessions: 'deleted',
  linkSignals: 'expires',
  linkCodes: 'expires',
  providerEvents: 'expires',
  disputes: 'books',
  gameEvents: 'books',
  statsDaily: 'none',
  funnelDaily: 'none',
  rumDaily: 'none',
  playerTags: 'deleted',
  billingProfiles: 'deleted',
  dailyGiftClaims: 'anonymised',
  dailyGiftPlayers: 'deleted',
  dailyGiftDevices: 'deleted',
  dailyGiftAddresses: 'expires',
  storeSettings: 'none',
  catalogue: 'none',
  catalogueVersions: 'none',
  booksChecks: 'books',
  catalogueImages: 'none',
  riskActivity: 'expires',
  creators: 'none',
  creatorChanges: 'none',
  riskHolds: 'expires',
  riskClearances: 'deleted',
  riskRules: 'none',
  offerPreferences: 'deleted',
  experimentPlayers: 'deleted',
  privacyRequests: 'books',
};

/** How a deleted player is named where another player's records still speak of a gift. */
export const DELETED_PLAYER_NAME = 'A deleted player';
const FRIEND = 'A friend';
/** What an order's history says where the player's own words were. */
const PLAYERS_WORDS_DELETED = 'The player’s words were deleted with their account.';

/**
 * The field by which Firestore's TTL policy deletes a deleted account's tax records (its orders, their history, refunds,
 * disputes and the provider's notices) once the law stops asking for them: TAX_RECORDS_KEPT_YEARS after the order.
 */
export const TAX_RECORD_EXPIRY_FIELD = 'taxRecordExpireAt';
export const taxRecordExpiry = (orderMadeAt: number) => {
  const at = new Date(orderMadeAt);
  at.setUTCFullYear(at.getUTCFullYear() + TAX_RECORDS_KEPT_YEARS);
  return Timestamp.fromDate(at);
};

/** The fields of an order that are the player's and not its tax invoice's: gone at deletion. */
const ORDER_FIELDS_FORGOTTEN = ['email', 'phone', 'accountEmail', 'madeBy', 'checkoutUrl', 'source', 'riskKeys', 'experiments', 'return_url', 'cancel_order_url'] as const;

const FIRESTORE_BATCH_LIMIT = 400;

/** Writes in batches Firestore takes (each its own commit: every step is safe to do again). */
async function inBatches(db: Firestore, steps: Array<(batch: WriteBatch) => void>): Promise<void> {
  for (let from = 0; from < steps.length; from += FIRESTORE_BATCH_LIMIT) {
    const batch = db.batch();
    for (const step of steps.slice(from, from + FIRESTORE_BATCH_LIMIT)) step(batch);
    await batch.commit();
  }
}

const forget = (fields: readonly string[]): UpdateData<Record<string, unknown>> => Object.fromEntries(fields.map((field) => [field, FieldValue.delete()]));

/**
 * Deletes or anonymises everything the store holds about `uid` but its tax records and books (AFTER_DELETION), each
 * step safe to do again. Answers the store sessions' accounts the game had signed in, for Auth to delete too.
 */
export async function eraseAccountData(db: Firestore, uid: string, email: string | null): Promise<string[]> {
  const query = (collection: string, field: string, value: unknown = uid) => db.collection(collection).where(field, '==', value).get();
  const [orders, giftsToMe, refunds, disputes, claims, consents, sessions, links, experiments, devices, resets] = await Promise.all([
    query(COLLECTIONS.transactions, 'userId'),
    query(COLLECTIONS.transactions, 'gift.toUid'),
    query(COLLECTIONS.refundRequests, 'userId'),
    query(COLLECTIONS.disputes, 'userId'),
    query(COLLECTIONS.dailyGiftClaims, 'uid'),
    query(COLLECTIONS.guardianConsentRequests, 'uid'),
    query(COLLECTIONS.storeSessions, 'player'),
    query(COLLECTIONS.linkSessions, 'uid'),
    query(COLLECTIONS.experimentPlayers, 'uid'),
    query(COLLECTIONS.dailyGiftDevices, 'uid'),
    email ? query(COLLECTIONS.passwordResetRequests, 'email', email) : null,
  ]);
  const orderIds = orders.docs.map((order) => order.id);
  // The provider's copy of a paid order's notice (successful_transactions/{orderId}): only those that exist.
  const receipts = orderIds.length === 0 ? [] : (await db.getAll(...orderIds.map((orderId) => db.collection(COLLECTIONS.successfulTransactions).doc(orderId)))).filter((receipt) => receipt.exists).map((receipt) => receipt.ref);
  const giftOrderIds = [...orders.docs.filter((order) => order.get('gift')).map((order) => order.id), ...giftsToMe.docs.map((order) => order.id)];
  const giftEntries = await ledgerEntriesOfOrders(db, giftOrderIds);
  // The tag's document goes with its last holder (a tag two accounts share keeps the other's).
  const tagRef = db.collection(COLLECTIONS.playerTags).doc(playerTagOf(uid));
  const otherHolders = (((await tagRef.get()).get('uids') as string[] | undefined) ?? []).some((holder) => holder !== uid);
  // An order's history keeps what the store did, as long as the order; what the player wrote in it (a refund's reasons) goes.
  const histories = (await Promise.all(orders.docs.map((order) => order.ref.collection(ORDER_EVENTS).get()))).flatMap((events) => events.docs);
  // Every record of an order goes with it, when the law no longer asks for it (Firestore's TTL policy).
  const madeAt = new Map(orders.docs.map((order) => [order.id, Number(order.get('createdAt'))]));
  const expiry = (orderId: string) => ({ [TAX_RECORD_EXPIRY_FIELD]: taxRecordExpiry(madeAt.get(orderId) ?? Date.now()) });
  const protections = db.collection(COLLECTIONS.playerProtections).doc(uid);
  const protectionEvents = await protections.collection(PROTECTION_EVENTS).listDocuments();
  const offerIds = new Set(orders.docs.map((order) => order.get('offer.id') as string | undefined).filter((id): id is string => Boolean(id)));
  const promoUses = [...offerIds].map((offerId) => db.collection(COLLECTIONS.offers).doc(offerId).collection(OFFER_USES).doc(uid));
  const deletions: DocumentReference[] = [
    ...[COLLECTIONS.billingProfiles, COLLECTIONS.openOrderSlots, COLLECTIONS.firstPurchaseBonuses, COLLECTIONS.dailyGiftPlayers, COLLECTIONS.offerPreferences, COLLECTIONS.riskClearances].map((collection) => db.collection(collection).doc(uid)),
    protections,
    ...protectionEvents,
    ...[consents, sessions, links, experiments, devices, resets].flatMap((snapshot) => snapshot?.docs.map((doc) => doc.ref) ?? []),
    ...promoUses,
  ];
  const steps: Array<(batch: WriteBatch) => void> = [
    ...deletions.map((ref) => (batch: WriteBatch) => batch.delete(ref)),
    ...orders.docs.map((order) => (batch: WriteBatch) =>
      batch.update(order.ref, { ...forget(ORDER_FIELDS_FORGOTTEN), ...(order.get('gift') ? { 'gift.message': null, 'gift.fromName': FRIEND } : {}), accountDeletedAt: Date.now(), ...expiry(order.id) }),
    ),
    ...giftsToMe.docs.map((order) => (batch: WriteBatch) => batch.update(order.ref, { 'gift.maskedName': DELETED_PLAYER_NAME, 'gift.tag': '' })),
    ...receipts.map((receipt) => (batch: WriteBatch) => batch.update(receipt, { ...forget(RECEIPT_FIELDS), ...expiry(receipt.id) })),
    ...refunds.docs.map((refund) => (batch: WriteBatch) => batch.update(refund.ref, { reason: '', ...forget(['accountEmail', 'madeBy']), ...expiry(refund.id) })),
    ...disputes.docs.map((dispute) => (batch: WriteBatch) => batch.update(dispute.ref, expiry(dispute.id))),
    ...histories.map((event) => (batch: WriteBatch) => batch.update(event.ref, { ...(event.get('source') === 'player' ? { detail: PLAYERS_WORDS_DELETED } : {}), ...expiry(event.get('orderId') as string) })),
    ...claims.docs.map((claim) => (batch: WriteBatch) => batch.update(claim.ref, forget(['addressKey', 'deviceKey']))),
    (batch: WriteBatch) => renameGiftSides(batch, giftEntries.map((entry) => ({ ref: entry.ref, name: entry.get('uid') === uid ? 'A player' : entry.get('gift.side') === 'received' ? FRIEND : DELETED_PLAYER_NAME }))),
    (batch: WriteBatch) => (otherHolders ? batch.update(tagRef, { uids: FieldValue.arrayRemove(uid) }) : batch.delete(tagRef)),
  ];
  await inBatches(db, steps);
  return sessions.docs.map((session) => session.id);
}

/** The ledger entries (anyone's) of these orders that carry a gift's side. */
async function ledgerEntriesOfOrders(db: Firestore, orderIds: readonly string[]) {
  const found = [];
  for (let from = 0; from < orderIds.length; from += 30) {
    const snapshot = await db.collectionGroup(GEM_LEDGER).where('orderId', 'in', orderIds.slice(from, from + 30)).get();
    found.push(...snapshot.docs.filter((entry) => entry.get('gift')));
  }
  return found;
}

/**
 * The deletion's last commit: the request done (its address moved to the email that says so), the game told once, the
 * email owed. Guarded by the request as read: a second carrying-out finds it done and tells nobody again.
 */
export function closeDeletion(db: Firestore, uid: string, staffUid: string, at: number): Promise<'done' | 'notOpen'> {
  const ref = db.collection(COLLECTIONS.privacyRequests).doc(deletionRequestId(uid));
  return commitIfUnchanged<'done' | 'notOpen'>(db, [ref], ([request]) => {
    if (request!.get('state') !== 'open') return { result: 'notOpen' };
    const email = request!.get('email') as string | null;
    return {
      result: 'done',
      writes: (batch, guard) => {
        batch.update(ref, { state: 'done', doneAt: at, email: null, staffUid }, guard(request!));
        recordAccountDeleted(db, batch, uid, ref.id, at);
        if (email) enqueueMailTo(db, batch, 'accountDeleted', ref.id, at, email);
      },
    };
  });
}
