import fs from 'node:fs';
import path from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { collection, collectionGroup, deleteDoc, doc, getDoc, getDocs, limit, orderBy, query, setDoc, setLogLevel, updateDoc, where } from 'firebase/firestore';
import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';
import { projectRoot } from '../../scripts/stack/testing/throwawayStack';
import { mayReachPersonalData } from '../../src/shared/storeSession';
import { COLLECTIONS, GEM_LEDGER, gemLedgerPath } from '../../src/shared/firestorePaths';

jest.setTimeout(30_000);

let env: RulesTestEnvironment;

beforeAll(async () => {
  // The denied writes below are the point; keep the SDK from logging each one as a warning.
  setLogLevel('error');
  const settings = sharedStackSettings();
  env = await initializeTestEnvironment({
    // A project of its own, so these rules and documents never touch the stack's data.
    projectId: `demo-rules-${process.pid}`,
    firestore: {
      host: settings.EMULATOR_HOST,
      port: settings.FIRESTORE_EMULATOR_PORT,
      rules: fs.readFileSync(path.join(projectRoot, 'firestore.rules'), 'utf8'),
    },
  });
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, 'users/alice'), { gemCount: 1000 });
    await setDoc(doc(db, 'users/bob'), { gemCount: 3500 });
    await setDoc(doc(db, 'billing_profiles/alice'), { details: { firstName: 'Alice', country: 'AU' }, updatedAt: 1 });
    await setDoc(doc(db, 'disputes/WCALICE0000000001'), { userId: 'alice', orderId: 'WCALICE0000000001', status: 'opened' });
    await setDoc(doc(db, 'provider_events/evt_alice_0001'), { orderId: 'WCALICE0000000001', type: 'dispute' });
    await setDoc(doc(db, 'game_events/credit-purchase-WCALICE0000000001'), { orderId: 'WCALICE0000000001', uid: 'alice', status: 'pending' });
    await setDoc(doc(db, 'transactions/WCALICE0000000001'), { userId: 'alice', status: 'pending', checked: 0 });
    await setDoc(doc(db, 'transactions/WCBOB000000000001'), { userId: 'bob', status: 'paid', checked: 1 });
    await setDoc(doc(db, 'transactions/WCALICE0000000001/events/0001'), { userId: 'alice', orderId: 'WCALICE0000000001', type: 'created' });
    await setDoc(doc(db, 'transactions/WCBOB000000000001/events/0001'), { userId: 'bob', orderId: 'WCBOB000000000001', type: 'created' });
    await setDoc(doc(db, 'transactions/WCBOB000000000001/events/0002'), { userId: 'bob', orderId: 'WCBOB000000000001', type: 'credited' });
    await setDoc(doc(db, 'refund_requests/WCALICE0000000001'), { userId: 'alice', orderId: 'WCALICE0000000001', status: 'requested' });
    await setDoc(doc(db, 'refund_requests/WCBOB000000000001'), { userId: 'bob', orderId: 'WCBOB000000000001', status: 'requested' });
    await setDoc(doc(db, 'player_protections/alice'), { spendingLimit: { monthlyLimitCents: 2000, pending: null }, updatedAt: 1 });
    await setDoc(doc(db, 'player_protections/alice/events/0001'), { at: 1, type: 'limitChanged', by: 'player', from: null, to: 2000, effectiveAt: 1 });
    await setDoc(doc(db, 'player_protections/bob'), { spendingLimit: { monthlyLimitCents: 5000, pending: null }, updatedAt: 1 });
    // A running first-purchase bonus, an ended weekend bonus, and a promo code with its audit and uses.
    const offer = { bonus: { unit: 'percent', amount: 100 }, packIds: null, startsAt: 1, endsAt: null, updatedAt: 1 };
    await setDoc(doc(db, 'offers/first-purchase'), { ...offer, id: 'first-purchase', kind: 'firstPurchase', public: true, active: true });
    await setDoc(doc(db, 'offers/offer-weekend'), { ...offer, id: 'offer-weekend', kind: 'timeBoxed', public: true, active: false });
    await setDoc(doc(db, 'offers/code-DRAGON500'), { ...offer, id: 'code-DRAGON500', kind: 'promoCode', code: 'DRAGON500', public: false, active: true, uses: 0 });
    await setDoc(doc(db, 'offers/first-purchase/audit/0001'), { at: 1, by: 'npm run offers', action: 'created' });
    await setDoc(doc(db, 'offers/code-DRAGON500/uses/alice'), { count: 1 });
    await setDoc(doc(db, 'offers/code-DRAGON500/use_shards/0'), { used: 1, left: 9 });
    await setDoc(doc(db, 'first_purchase_bonuses/alice'), { orderId: 'WCALICE0000000001' });
    // The staff record the role command writes beside the claim, and who did what on bob's order.
    await setDoc(doc(db, 'staff/staff'), { email: 'helper@wyrmcrown.example', grantedAt: 1 });
    await setDoc(doc(db, 'staff_actions/0002'), { orderId: 'WCBOB000000000001', eventId: '0002', uid: 'staff', email: 'helper@wyrmcrown.example' });
    // A "Sign in with the game" session, the code naming it, and a player tag.
    await setDoc(doc(db, `link_sessions/${LINK_SESSION}`), { state: 'confirmed', expiresAt: 1, uid: 'alice', verifierHash: 'h', code: 'K7Q2M4XD' });
    await setDoc(doc(db, `link_signals/${LINK_SESSION}`), { state: 'confirmed', expiresAt: 1 });
    await setDoc(doc(db, 'link_codes/K7Q2M4XD'), { sessionId: LINK_SESSION });
    await setDoc(doc(db, 'player_tags/ABCDEFGH'), { uids: ['alice'] });
    // Alice's store sessions (signed in with the game): one standing, one the game confirmed for her personal data,
    // one the game ended, one past its time; and an order the first made, with its history and refund request.
    const session = { player: 'alice', startedOn: 'Chrome on Linux', createdAt: 1, personalData: false, endedAt: null, expiresAt: Date.now() + 86_400_000 };
    await setDoc(doc(db, 'store_sessions/ws_alicesession'), session);
    await setDoc(doc(db, 'store_sessions/ws_aliceconfirmed'), { ...session, personalData: true });
    await setDoc(doc(db, 'store_sessions/ws_aliceended'), { ...session, endedAt: 2, endedBy: 'game' });
    await setDoc(doc(db, 'store_sessions/ws_aliceexpired'), { ...session, expiresAt: 2 });
    await setDoc(doc(db, 'transactions/WCALICE0000000002'), { userId: 'alice', madeBy: 'ws_alicesession', status: 'paid', checked: 1, createdAt: 2, firstname: 'Alice' });
    await setDoc(doc(db, 'transactions/WCALICE0000000002/events/0001'), { userId: 'alice', orderId: 'WCALICE0000000002', type: 'created' });
    await setDoc(doc(db, 'refund_requests/WCALICE0000000002'), { userId: 'alice', madeBy: 'ws_alicesession', orderId: 'WCALICE0000000002', status: 'requested' });
    await setDoc(doc(db, 'billing_profiles/carol'), { details: { firstName: 'Carol' }, enteredBy: 'ws_carolsession', generation: 0 });
    await setDoc(doc(db, 'store_sessions/ws_carolsession'), { ...session, player: 'carol' });
  });
});

afterAll(async () => {
  await env?.cleanup();
});

const asAlice = () => env.authenticatedContext('alice').firestore();
/** A session id as the API makes them: 32 random bytes, base64url. */
const LINK_SESSION = 'q'.repeat(43);
/** A staff member: the `support` custom claim that `npm run support -- grant` sets, and the staff record it writes. */
const asSupport = () => env.authenticatedContext('staff', { support: true }).firestore();
/** A revoked staff member whose ID token, minted before the revoke, still carries the claim: the record is gone. */
const asFormerSupport = () => env.authenticatedContext('former-staff', { support: true }).firestore();

describe('firestore.rules: users', () => {
  it('lets a player read their own user document', async () => {
    const snapshot = await assertSucceeds(getDoc(doc(asAlice(), 'users/alice')));
    expect(snapshot.data()).toEqual({ gemCount: 1000 });
  });

  it("keeps another player's document unreadable", async () => {
    await assertFails(getDoc(doc(asAlice(), 'users/bob')));
  });

  it('lets nobody list the players', async () => {
    await assertFails(getDocs(collection(asAlice(), 'users')));
  });

  it('keeps an anonymous visitor out', async () => {
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'users/alice')));
  });

  it('lets no client write, not even to their own balance', async () => {
    const db = asAlice();
    await assertFails(setDoc(doc(db, 'users/alice'), { gemCount: 999_999 }));
    await assertFails(updateDoc(doc(db, 'users/alice'), { gemCount: 999_999 }));
    await assertFails(deleteDoc(doc(db, 'users/alice')));
    await assertFails(setDoc(doc(db, 'users/newcomer'), { gemCount: 1 }));
  });

  it('keeps the gem ledger the server’s: a player reads their statement through the API, and no client writes an entry', async () => {
    const db = asAlice();
    await assertFails(getDoc(doc(db, `${gemLedgerPath('alice')}/credit-purchase-WC1`)));
    await assertFails(getDocs(collection(db, gemLedgerPath('alice'))));
    await assertFails(setDoc(doc(db, `${gemLedgerPath('alice')}/credit-purchase-WC2`), { kind: 'purchase', gems: 999_999 }));
    await assertFails(getDocs(collectionGroup(db, GEM_LEDGER)));
  });

  it('keeps a player’s data requests the server’s: the archive comes from the API (its own uid only), and no client reads or writes a request, its own or another’s', async () => {
    const db = asAlice();
    for (const uid of ['alice', 'bob']) {
      await assertFails(getDoc(doc(db, `${COLLECTIONS.privacyRequests}/deletion-${uid}`)));
      await assertFails(setDoc(doc(db, `${COLLECTIONS.privacyRequests}/deletion-${uid}`), { uid, kind: 'deletion', state: 'done' }));
    }
    await assertFails(getDocs(query(collection(db, COLLECTIONS.privacyRequests), where('uid', '==', 'alice'))));
  });

  it('leaves everything else closed', async () => {
    await assertFails(getDoc(doc(asAlice(), 'anything/else')));
    await assertFails(setDoc(doc(asAlice(), 'anything/else'), { x: 1 }));
  });
});

describe('firestore.rules: remembered payment details', () => {
  it('lets the player read their own, nobody else read or list them, and no client write them', async () => {
    await assertSucceeds(getDoc(doc(asAlice(), 'billing_profiles/alice')));
    await assertFails(getDoc(doc(env.authenticatedContext('bob').firestore(), 'billing_profiles/alice')));
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'billing_profiles/alice')));
    await assertFails(getDocs(collection(asAlice(), 'billing_profiles')));
    await assertFails(setDoc(doc(asAlice(), 'billing_profiles/alice'), { details: { firstName: 'Mallory' } }));
    await assertFails(deleteDoc(doc(asAlice(), 'billing_profiles/alice')));
    await assertFails(setDoc(doc(env.authenticatedContext('bob').firestore(), 'billing_profiles/bob'), { details: {} }));
  });
});

describe('firestore.rules: a store session signed in with the game', () => {
  /** A browser signed in from the game: its own account (ws_…), its custom token naming a game account. */
  const asStoreSession = (sessionUid: string, player = 'alice') => env.authenticatedContext(sessionUid, { firebase: { sign_in_provider: 'custom' }, player } as never).firestore();
  const ordersPage = (db: ReturnType<typeof asAlice>, ...madeBy: string[]) =>
    query(collection(db, 'transactions'), where('userId', '==', 'alice'), ...madeBy.map((session) => where('madeBy', '==', session)), orderBy('createdAt', 'desc'), limit(20));

  it('reads its game account’s balance and the orders it made, with their history and refund request, and nobody else’s', async () => {
    const db = asStoreSession('ws_alicesession');
    await assertSucceeds(getDoc(doc(db, 'users/alice')));
    const own = await assertSucceeds(getDocs(ordersPage(db, 'ws_alicesession')));
    expect(own.docs.map((snapshot) => snapshot.id)).toEqual(['WCALICE0000000002']);
    await assertSucceeds(getDoc(doc(db, 'transactions/WCALICE0000000002')));
    await assertSucceeds(getDoc(doc(db, 'transactions/WCALICE0000000002/events/0001')));
    await assertSucceeds(getDoc(doc(db, 'refund_requests/WCALICE0000000002')));
    await assertFails(getDoc(doc(db, 'users/bob')));
    await assertFails(getDoc(doc(db, 'transactions/WCBOB000000000001')));
  });

  it('a code phished from the player reaches none of their personal data: the details, orders and history made elsewhere, the protections', async () => {
    const db = asStoreSession('ws_alicesession');
    await assertFails(getDoc(doc(db, 'billing_profiles/alice')));
    await assertFails(getDocs(ordersPage(db)));
    await assertFails(getDoc(doc(db, 'transactions/WCALICE0000000001')));
    await assertFails(getDoc(doc(db, 'transactions/WCALICE0000000001/events/0001')));
    await assertFails(getDocs(query(collection(db, 'transactions/WCALICE0000000001/events'), where('userId', '==', 'alice'))));
    await assertFails(getDoc(doc(db, 'refund_requests/WCALICE0000000001')));
    await assertFails(getDoc(doc(db, 'player_protections/alice')));
    await assertFails(getDocs(collection(db, 'player_protections/alice/events')));
    // The details a session entered are its own to read, and no other session's.
    await assertSucceeds(getDoc(doc(asStoreSession('ws_carolsession', 'carol'), 'billing_profiles/carol')));
  });

  it('once the game confirmed it for personal data, reads what its game account reads', async () => {
    const db = asStoreSession('ws_aliceconfirmed');
    await assertSucceeds(getDoc(doc(db, 'billing_profiles/alice')));
    await assertSucceeds(getDocs(ordersPage(db)));
    await assertSucceeds(getDoc(doc(db, 'transactions/WCALICE0000000001/events/0001')));
    await assertSucceeds(getDoc(doc(db, 'refund_requests/WCALICE0000000001')));
    await assertSucceeds(getDoc(doc(db, 'player_protections/alice')));
  });

  it('reads nothing once the game ended it, once past its time, without its record, or naming another account than its record', async () => {
    for (const db of [asStoreSession('ws_aliceended'), asStoreSession('ws_aliceexpired'), asStoreSession('ws_norecord'), asStoreSession('ws_carolsession', 'alice')]) {
      await assertFails(getDoc(doc(db, 'users/alice')));
      await assertFails(getDoc(doc(db, 'transactions/WCALICE0000000002')));
    }
  });

  it('acts for nobody when its account signs in any other way (a password its holder linked), nor does a claim outside a custom token', async () => {
    const linked = env.authenticatedContext('ws_alicesession', { firebase: { sign_in_provider: 'password' }, player: 'alice' } as never).firestore();
    await assertFails(getDoc(doc(linked, 'users/alice')));
    await assertFails(getDoc(doc(linked, 'transactions/WCALICE0000000001')));
    const mallory = env.authenticatedContext('mallory', { firebase: { sign_in_provider: 'password' }, player: 'alice' } as never).firestore();
    await assertFails(getDoc(doc(mallory, 'users/alice')));
  });

  it('draws the line where the API draws it (mayReachPersonalData), case by case', async () => {
    // Who asks (the game account's own sign-in, or a store session, confirmed or not) of details entered by whom.
    const cases = [
      { asker: null, enteredBy: 'ws_someone' },
      { asker: { sessionUid: 'ws_carolsession', personalData: false }, enteredBy: 'ws_carolsession' },
      { asker: { sessionUid: 'ws_carolsession', personalData: false }, enteredBy: 'ws_someone' },
      { asker: { sessionUid: 'ws_carolsession', personalData: false }, enteredBy: null },
      { asker: { sessionUid: 'ws_carolconfirmed', personalData: true }, enteredBy: 'ws_someone' },
    ];
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'store_sessions/ws_carolconfirmed'), { player: 'carol', personalData: true, endedAt: null, expiresAt: Date.now() + 86_400_000 });
    });
    for (const { asker, enteredBy } of cases) {
      await env.withSecurityRulesDisabled(async (context) => {
        await setDoc(doc(context.firestore(), 'billing_profiles/carol'), { details: { firstName: 'Carol' }, enteredBy, generation: 0 });
      });
      const db = asker ? asStoreSession(asker.sessionUid, 'carol') : env.authenticatedContext('carol').firestore();
      const read = getDoc(doc(db, 'billing_profiles/carol'));
      await (mayReachPersonalData(asker, enteredBy) ? assertSucceeds(read) : assertFails(read));
    }
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'billing_profiles/carol'), { details: { firstName: 'Carol' }, enteredBy: 'ws_carolsession', generation: 0 });
    });
  });

  it('keeps the sessions themselves to the server', async () => {
    await assertFails(getDoc(doc(asStoreSession('ws_alicesession'), 'store_sessions/ws_alicesession')));
    await assertFails(getDoc(doc(asAlice(), 'store_sessions/ws_alicesession')));
    await assertFails(setDoc(doc(asStoreSession('ws_alicesession'), 'store_sessions/ws_alicesession'), { player: 'alice', personalData: true, endedAt: null, expiresAt: 9e15 }));
  });
});

describe('firestore.rules: transactions', () => {
  it('lets a player read their own transaction and query their own by userId', async () => {
    await assertSucceeds(getDoc(doc(asAlice(), 'transactions/WCALICE0000000001')));
    const own = await assertSucceeds(getDocs(query(collection(asAlice(), 'transactions'), where('userId', '==', 'alice'))));
    // Her own sign-in reads every order of hers, those her store sessions made too.
    expect(own.docs.map((snapshot) => snapshot.id)).toEqual(['WCALICE0000000001', 'WCALICE0000000002']);
  });

  it("keeps another player's transactions unreadable, one by one or by query", async () => {
    await assertFails(getDoc(doc(asAlice(), 'transactions/WCBOB000000000001')));
    await assertFails(getDocs(collection(asAlice(), 'transactions')));
    await assertFails(getDocs(query(collection(asAlice(), 'transactions'), where('userId', '==', 'bob'))));
  });

  it('lets no client write a transaction, not even to mark their own paid', async () => {
    await assertFails(updateDoc(doc(asAlice(), 'transactions/WCALICE0000000001'), { status: 'paid' }));
    await assertFails(setDoc(doc(asAlice(), 'transactions/WCALICE0000000002'), { userId: 'alice', status: 'paid' }));
    await assertFails(setDoc(doc(asAlice(), 'successful_transactions/WCALICE0000000001'), { status: 'paid' }));
  });
});

describe('firestore.rules: the orders page', () => {
  it("lets a player run the orders page's query (own, newest first, 20 a page) and nobody else's", async () => {
    const page = query(collection(asAlice(), 'transactions'), where('userId', '==', 'alice'), orderBy('createdAt', 'desc'), limit(20));
    await assertSucceeds(getDocs(page));
    await assertFails(getDocs(query(collection(asAlice(), 'transactions'), where('userId', '==', 'bob'), orderBy('createdAt', 'desc'), limit(20))));
  });
});

describe('firestore.rules: player protections', () => {
  it('lets a player read their own limit and its history, support any, and nobody else', async () => {
    await assertSucceeds(getDoc(doc(asAlice(), 'player_protections/alice')));
    await assertSucceeds(getDocs(collection(asAlice(), 'player_protections/alice/events')));
    await assertFails(getDoc(doc(asAlice(), 'player_protections/bob')));
    await assertFails(getDocs(collection(asAlice(), 'player_protections')));
    await assertFails(getDoc(doc(env.unauthenticatedContext().firestore(), 'player_protections/alice')));
    await assertSucceeds(getDoc(doc(asSupport(), 'player_protections/bob')));
    await assertFails(getDoc(doc(asFormerSupport(), 'player_protections/bob')));
  });

  it('lets no client write them: a player cannot raise their own limit', async () => {
    for (const db of [asAlice(), asSupport()]) {
      await assertFails(updateDoc(doc(db, 'player_protections/alice'), { 'spendingLimit.monthlyLimitCents': null }));
      await assertFails(setDoc(doc(db, 'player_protections/carol'), { spendingLimit: { monthlyLimitCents: null, pending: null } }));
      await assertFails(deleteDoc(doc(db, 'player_protections/alice')));
      await assertFails(setDoc(doc(db, 'player_protections/alice/events/9999'), { type: 'limitChanged' }));
      // A guardian's consent requests are the server's alone: nobody lists them, nobody writes one.
      await assertFails(getDocs(collection(db, 'guardian_consent_requests')));
      await assertFails(setDoc(doc(db, 'guardian_consent_requests/forged'), { uid: 'alice', usedAt: null }));
    }
  });
});

describe('firestore.rules: sign in with the game', () => {
  it('lets whoever holds a session id read its signal (state and expiry), and nobody read the session, list them, read a code or a tag, or write', async () => {
    for (const db of [env.unauthenticatedContext().firestore(), asAlice()]) {
      await assertSucceeds(getDoc(doc(db, `link_signals/${LINK_SESSION}`)));
      await assertFails(getDoc(doc(db, `link_sessions/${LINK_SESSION}`)));
      await assertFails(getDocs(collection(db, 'link_sessions')));
      await assertFails(getDocs(collection(db, 'link_signals')));
      await assertFails(updateDoc(doc(db, `link_signals/${LINK_SESSION}`), { state: 'redeemed' }));
      await assertFails(getDoc(doc(db, 'link_codes/K7Q2M4XD')));
      await assertFails(getDoc(doc(db, 'player_tags/ABCDEFGH')));
      await assertFails(updateDoc(doc(db, `link_sessions/${LINK_SESSION}`), { state: 'confirmed', uid: 'alice' }));
      await assertFails(setDoc(doc(db, 'link_sessions/forged'), { state: 'confirmed', uid: 'bob' }));
    }
  });
});

describe('firestore.rules: offers', () => {
  it('lets anyone read the active public offers, by query or one by one, and nothing else of them', async () => {
    const visitor = env.unauthenticatedContext().firestore();
    for (const db of [visitor, asAlice()]) {
      const running = await assertSucceeds(getDocs(query(collection(db, 'offers'), where('public', '==', true), where('active', '==', true))));
      expect(running.docs.map((snapshot) => snapshot.id)).toEqual(['first-purchase']);
      await assertSucceeds(getDoc(doc(db, 'offers/first-purchase')));
      await assertFails(getDoc(doc(db, 'offers/offer-weekend')));
      // A promo code is never readable, and no query can list the codes.
      await assertFails(getDoc(doc(db, 'offers/code-DRAGON500')));
      await assertFails(getDocs(collection(db, 'offers')));
      await assertFails(getDocs(query(collection(db, 'offers'), where('kind', '==', 'promoCode'))));
      await assertFails(getDocs(query(collection(db, 'offers'), where('public', '==', false), where('active', '==', true))));
      await assertFails(getDoc(doc(db, 'offers/first-purchase/audit/0001')));
      await assertFails(getDoc(doc(db, 'offers/code-DRAGON500/uses/alice')));
      await assertFails(getDoc(doc(db, 'offers/code-DRAGON500/use_shards/0')));
      await assertFails(getDocs(collectionGroup(db, 'use_shards')));
      await assertFails(getDoc(doc(db, 'first_purchase_bonuses/alice')));
    }
  });

  it('lets no client write an offer, a use or a bonus taken, support included', async () => {
    for (const db of [asAlice(), asSupport()]) {
      await assertFails(setDoc(doc(db, 'offers/free-gems'), { public: true, active: true, kind: 'timeBoxed' }));
      await assertFails(updateDoc(doc(db, 'offers/first-purchase'), { bonus: { unit: 'percent', amount: 1000 } }));
      await assertFails(deleteDoc(doc(db, 'offers/code-DRAGON500/uses/alice')));
      await assertFails(deleteDoc(doc(db, 'first_purchase_bonuses/alice')));
    }
  });
});

describe('firestore.rules: order histories and refund requests', () => {
  it("lets a player read their own order's events and refund request, and no one else's", async () => {
    const ownEvents = query(collection(asAlice(), 'transactions/WCALICE0000000001/events'), where('userId', '==', 'alice'));
    expect((await assertSucceeds(getDocs(ownEvents))).docs.map((snapshot) => snapshot.id)).toEqual(['0001']);
    await assertSucceeds(getDoc(doc(asAlice(), 'transactions/WCALICE0000000001/events/0001')));
    await assertSucceeds(getDoc(doc(asAlice(), 'refund_requests/WCALICE0000000001')));
    await assertFails(getDocs(query(collection(asAlice(), 'transactions/WCBOB000000000001/events'), where('userId', '==', 'bob'))));
    await assertFails(getDoc(doc(asAlice(), 'transactions/WCBOB000000000001/events/0001')));
    await assertFails(getDoc(doc(asAlice(), 'refund_requests/WCBOB000000000001')));
    await assertFails(getDocs(collection(asAlice(), 'refund_requests')));
    await assertFails(getDocs(collectionGroup(asAlice(), 'events')));
  });

  it('lets support read any order, its events and any refund request', async () => {
    const staff = asSupport();
    await assertSucceeds(getDoc(doc(staff, 'transactions/WCBOB000000000001')));
    const bobEvents = await assertSucceeds(getDocs(collection(staff, 'transactions/WCBOB000000000001/events')));
    expect(bobEvents.docs.map((snapshot) => snapshot.id)).toEqual(['0001', '0002']);
    const all = await assertSucceeds(getDocs(collection(staff, 'refund_requests')));
    expect(all.docs.map((snapshot) => snapshot.id).sort()).toEqual(['WCALICE0000000001', 'WCALICE0000000002', 'WCBOB000000000001']);
    await assertSucceeds(getDocs(collection(staff, 'transactions')));
  });

  it('lets nobody write them, support included', async () => {
    for (const db of [asAlice(), asSupport()]) {
      await assertFails(setDoc(doc(db, 'transactions/WCALICE0000000001/events/9999'), { userId: 'alice', type: 'credited' }));
      await assertFails(updateDoc(doc(db, 'refund_requests/WCALICE0000000001'), { status: 'refunded' }));
      await assertFails(setDoc(doc(db, 'refund_requests/WCALICE0000000002'), { userId: 'alice', status: 'requested' }));
      await assertFails(updateDoc(doc(db, 'transactions/WCBOB000000000001'), { status: 'refunded' }));
      await assertFails(setDoc(doc(db, 'mail_outbox/receipt-WCALICE0000000001'), { kind: 'receipt' }));
    }
  });

  it('refuses a support claim without its staff record: a revoked member reads nothing more, whatever their token says', async () => {
    const former = asFormerSupport();
    await assertFails(getDoc(doc(former, 'transactions/WCBOB000000000001')));
    await assertFails(getDocs(collection(former, 'transactions/WCBOB000000000001/events')));
    await assertFails(getDocs(collection(former, 'refund_requests')));
    await assertFails(getDocs(collection(former, 'staff_actions')));
  });

  it('names who on the staff acted only to staff: a player reads their history, never staff_actions', async () => {
    await assertFails(getDoc(doc(env.authenticatedContext('bob').firestore(), 'staff_actions/0002')));
    await assertFails(getDocs(query(collection(env.authenticatedContext('bob').firestore(), 'staff_actions'), where('orderId', '==', 'WCBOB000000000001'))));
    const actions = await assertSucceeds(getDocs(query(collection(asSupport(), 'staff_actions'), where('orderId', '==', 'WCBOB000000000001'))));
    expect(actions.docs.map((snapshot) => snapshot.data().email)).toEqual(['helper@wyrmcrown.example']);
    await assertFails(getDoc(doc(asSupport(), 'staff/staff')));
  });

  it("keeps support out of players' balances and the server's own collections", async () => {
    await assertFails(getDoc(doc(asSupport(), 'users/alice')));
    await assertFails(getDocs(collection(asSupport(), 'mail_outbox')));
  });

  it('keeps disputes, the provider’s events and the game’s to the server: the player reads the order’s summary, support the console’s API', async () => {
    for (const db of [asAlice(), asSupport()]) {
      await assertFails(getDoc(doc(db, 'disputes/WCALICE0000000001')));
      await assertFails(getDocs(collection(db, 'disputes')));
      await assertFails(getDoc(doc(db, 'provider_events/evt_alice_0001')));
      await assertFails(getDoc(doc(db, 'game_events/credit-purchase-WCALICE0000000001')));
      await assertFails(setDoc(doc(db, 'disputes/WCALICE0000000001'), { userId: 'alice', status: 'won' }));
    }
  });
});
