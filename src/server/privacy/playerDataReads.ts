import type { DocumentData, Firestore, QuerySnapshot } from 'firebase-admin/firestore';
import { COLLECTIONS, PROTECTION_EVENTS } from '../../shared/firestorePaths';
import { playerTagOf } from '../../shared/playerTag';
import type { DeletionWait } from '../../shared/privacy/privacy';
import { protectionsOf } from '../../shared/protections/playerProtections';
import type { TransactionRecord } from '../orders/transactionRecord';
import { activityDocIds } from '../ledger/riskActivityRecords';
import { riskKeysOf } from '../risk/riskKeys';

/** What the store's collections hold of one account, read as stored (the archive's sections are made from it). */
export interface StoredPlayerData {
  user: DocumentData | null;
  tag: string;
  orders: TransactionRecord[];
  refunds: DocumentData[];
  disputes: DocumentData[];
  dailyGiftClaims: DocumentData[];
  billingProfile: DocumentData | null;
  protections: DocumentData | null;
  protectionEvents: DocumentData[];
  consentRequests: DocumentData[];
  storeSessions: DocumentData[];
  offerPreference: DocumentData | null;
  experiments: DocumentData[];
  firstPurchaseBonus: DocumentData | null;
  /** What the fraud checks count against the account (payments started, declined, paid, with the card), for two days. */
  paymentChecks: DocumentData[];
}

export interface PlayerDataReads {
  gather(uid: string): Promise<StoredPlayerData>;
  /** What holds the account's deletion back now: a payment under way, an open dispute, gems owed. */
  deletionWaits(uid: string): Promise<DeletionWait[]>;
}

const all = (snapshot: QuerySnapshot) => snapshot.docs.map((doc) => doc.data());
/** Oldest first, as a statement reads down. */
const byTime = <T extends DocumentData>(field: string) => (a: T, b: T) => Number(a[field] ?? 0) - Number(b[field] ?? 0);

/** `keySecret`: the secret the risk checks key an account by (GIFT_KEY_SECRET), to find what they count against it. */
export function firestorePlayerDataReads(db: Firestore, keySecret: string): PlayerDataReads {
  const mine = (collection: string, field = 'userId') => (uid: string) => db.collection(collection).where(field, '==', uid).get();
  const doc = async (collection: string, id: string) => (await db.collection(collection).doc(id).get()).data() ?? null;
  return {
    async gather(uid) {
      const protectionsRef = db.collection(COLLECTIONS.playerProtections).doc(uid);
      const checked = activityDocIds(riskKeysOf(keySecret, { uid, browserId: null, address: undefined }).player, Date.now()).map((id) => db.collection(COLLECTIONS.riskActivity).doc(id));
      const [paymentChecks, user, orders, refunds, disputes, claims, billingProfile, protections, protectionEvents, consentRequests, storeSessions, offerPreference, experiments, firstPurchaseBonus] = await Promise.all([
        db.getAll(...checked),
        doc(COLLECTIONS.users, uid),
        mine(COLLECTIONS.transactions)(uid),
        mine(COLLECTIONS.refundRequests)(uid),
        mine(COLLECTIONS.disputes)(uid),
        mine(COLLECTIONS.dailyGiftClaims, 'uid')(uid),
        doc(COLLECTIONS.billingProfiles, uid),
        protectionsRef.get().then((snapshot) => snapshot.data() ?? null),
        protectionsRef.collection(PROTECTION_EVENTS).get(),
        mine(COLLECTIONS.guardianConsentRequests, 'uid')(uid),
        mine(COLLECTIONS.storeSessions, 'player')(uid),
        doc(COLLECTIONS.offerPreferences, uid),
        mine(COLLECTIONS.experimentPlayers, 'uid')(uid),
        doc(COLLECTIONS.firstPurchaseBonuses, uid),
      ]);
      return {
        user,
        tag: playerTagOf(uid),
        orders: (all(orders) as TransactionRecord[]).sort(byTime('createdAt')),
        refunds: all(refunds).sort(byTime('createdAt')),
        disputes: all(disputes).sort(byTime('openedAt')),
        dailyGiftClaims: all(claims).sort(byTime('at')),
        billingProfile,
        protections,
        protectionEvents: all(protectionEvents).sort(byTime('at')),
        consentRequests: all(consentRequests).sort(byTime('createdAt')),
        storeSessions: all(storeSessions).sort(byTime('createdAt')),
        offerPreference,
        experiments: all(experiments).sort(byTime('at')),
        firstPurchaseBonus,
        paymentChecks: paymentChecks.flatMap((day) => Object.values((day.get('entries') as Record<string, DocumentData> | undefined) ?? {})).sort(byTime('at')),
      };
    },
    async deletionWaits(uid) {
      const [pending, user, protections] = await Promise.all([
        db.collection(COLLECTIONS.transactions).where('userId', '==', uid).where('status', '==', 'pending').limit(1).get(),
        doc(COLLECTIONS.users, uid),
        doc(COLLECTIONS.playerProtections, uid),
      ]);
      const waits: DeletionWait[] = [];
      if (!pending.empty) waits.push('paymentUnderWay');
      // The disputes still open, as the dispute's own commits keep them (the same list pauses the player's buying).
      if ((protectionsOf(protections).disputesOpen?.length ?? 0) > 0) waits.push('disputeOpen');
      if (Number(user?.gemDebt ?? 0) > 0) waits.push('gemsOwed');
      return waits;
    },
  };
}
