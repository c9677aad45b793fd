import fs from 'node:fs';
import path from 'node:path';
import { COLLECTIONS, GEM_LEDGER, ORDER_EVENTS } from '../../shared/firestorePaths';
import { TAX_RECORD_EXPIRY_FIELD } from '../privacy/accountErasure';
import { RATE_LIMIT_EXPIRY_FIELD } from '../http/firestoreRateLimitStore';
import { CALLBACK_REJECTION_EXPIRY_FIELD } from '../provider/providerNoticesRepository';
import { RESET_REQUEST_EXPIRY_FIELD } from '../accounts/passwordReset';
import { LINK_EXPIRY_FIELD } from '../gameSignIn/linkRepository';
import { BILLING_PROFILE_EXPIRY_FIELD } from '../billing/billingProfiles';
import { GIFT_COUNT_EXPIRY_FIELD } from '../dailyGift/giftClaims';
import { STORE_SESSION_EXPIRY_FIELD } from '../gameSignIn/storeSessions';
import { RISK_EXPIRY_FIELD } from '../ledger/riskActivityRecords';

/** firestore.indexes.json, as `firebase deploy` reads it. */
const deployed = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../firestore.indexes.json'), 'utf8')) as {
  indexes: Array<{ collectionGroup: string; queryScope: string; fields: Array<{ fieldPath: string; order?: string }> }>;
  fieldOverrides: Array<{ collectionGroup: string; fieldPath: string; ttl?: boolean; indexes?: Array<{ order: string; queryScope: string }> }>;
};

describe('firestore.indexes.json', () => {
  it("deletes refused callbacks and spent rate-limit windows by the fields the API writes their expiry to (Firestore's TTL policy)", () => {
    expect(deployed.fieldOverrides).toContainEqual(
      expect.objectContaining({ collectionGroup: COLLECTIONS.callbackRejections, fieldPath: CALLBACK_REJECTION_EXPIRY_FIELD, ttl: true }),
    );
    expect(deployed.fieldOverrides).toContainEqual(expect.objectContaining({ collectionGroup: COLLECTIONS.rateLimits, fieldPath: RATE_LIMIT_EXPIRY_FIELD, ttl: true }));
    expect(deployed.fieldOverrides).toContainEqual(
      expect.objectContaining({ collectionGroup: COLLECTIONS.passwordResetRequests, fieldPath: RESET_REQUEST_EXPIRY_FIELD, ttl: true }),
    );
    expect(deployed.fieldOverrides).toContainEqual(
      expect.objectContaining({ collectionGroup: COLLECTIONS.billingProfiles, fieldPath: BILLING_PROFILE_EXPIRY_FIELD, ttl: true }),
    );
    for (const collectionGroup of [COLLECTIONS.dailyGiftDevices, COLLECTIONS.dailyGiftAddresses]) {
      expect(deployed.fieldOverrides).toContainEqual(expect.objectContaining({ collectionGroup, fieldPath: GIFT_COUNT_EXPIRY_FIELD, ttl: true }));
    }
    for (const collectionGroup of [COLLECTIONS.linkSessions, COLLECTIONS.linkSignals, COLLECTIONS.linkCodes]) {
      expect(deployed.fieldOverrides).toContainEqual(expect.objectContaining({ collectionGroup, fieldPath: LINK_EXPIRY_FIELD, ttl: true }));
    }
    expect(deployed.fieldOverrides).toContainEqual(expect.objectContaining({ collectionGroup: COLLECTIONS.storeSessions, fieldPath: STORE_SESSION_EXPIRY_FIELD, ttl: true }));
    for (const collectionGroup of [COLLECTIONS.riskActivity, COLLECTIONS.riskHolds]) {
      expect(deployed.fieldOverrides).toContainEqual(expect.objectContaining({ collectionGroup, fieldPath: RISK_EXPIRY_FIELD, ttl: true }));
    }
    // A deleted account's tax records, once the law stops asking for them.
    for (const collectionGroup of [COLLECTIONS.transactions, ORDER_EVENTS, COLLECTIONS.refundRequests, COLLECTIONS.disputes, COLLECTIONS.successfulTransactions]) {
      expect(deployed.fieldOverrides).toContainEqual(expect.objectContaining({ collectionGroup, fieldPath: TAX_RECORD_EXPIRY_FIELD, ttl: true }));
    }
  });

  it("has a player's ledger read by order (support's order page) and every player's entries of a day (the nightly check)", () => {
    expect(deployed.indexes).toContainEqual({
      collectionGroup: GEM_LEDGER,
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'orderId', order: 'ASCENDING' },
        { fieldPath: 'seq', order: 'ASCENDING' },
      ],
    });
    expect(deployed.fieldOverrides).toContainEqual(
      expect.objectContaining({ collectionGroup: GEM_LEDGER, fieldPath: 'at', indexes: expect.arrayContaining([{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }]) }),
    );
  });

  it("has a game account's store sessions listed newest first, and a store session's own orders", () => {
    expect(deployed.indexes).toContainEqual({
      collectionGroup: COLLECTIONS.storeSessions,
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'player', order: 'ASCENDING' },
        { fieldPath: 'createdAt', order: 'DESCENDING' },
      ],
    });
    expect(deployed.indexes).toContainEqual({
      collectionGroup: COLLECTIONS.transactions,
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'userId', order: 'ASCENDING' },
        { fieldPath: 'madeBy', order: 'ASCENDING' },
        { fieldPath: 'createdAt', order: 'DESCENDING' },
      ],
    });
  });

  it("has the sweep's due orders read from either end: a status, then nextCheckAt ascending or descending", () => {
    for (const order of ['ASCENDING', 'DESCENDING']) {
      expect(deployed.indexes).toContainEqual({
        collectionGroup: COLLECTIONS.transactions,
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'status', order: 'ASCENDING' },
          { fieldPath: 'nextCheckAt', order },
        ],
      });
    }
  });
});
