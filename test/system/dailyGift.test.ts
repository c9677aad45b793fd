import crypto from 'node:crypto';
import { authTexts } from '../../src/client/features/auth/authTexts';
import { firestoreGiftClaims } from '../../src/server/dailyGift/giftClaims';
import { giftClaimId } from '../../src/server/dailyGift/giftRules';
import { storeSessionOf } from '../support/storeSessions';
import { TEST_CLOCK_ROUTE } from '../../src/server/http/testClockRouter';
import { API_BASE, API_ROUTES } from '../../src/shared/api';
import { DEFAULT_GIFT_CALENDAR, dailyGiftTexts } from '../../src/shared/dailyGift/dailyGift';
import { nextGiftText } from '../../src/shared/dailyGift/nextGift';
import { GAME_PROGRESS_CLAIM } from '../../src/shared/gameSignIn/gameProgress';
import { COLLECTIONS } from '../../src/shared/firestorePaths';
import { dateIn } from '../../src/shared/protections/age';
import { nextDayStartIn, wallTimeIn } from '../../src/shared/wallTime';
import { zoneOffsetOf } from '../../src/shared/storeTime';
import { ROUTES } from '../../src/shared/routes';
import { startApiInstances } from '../../scripts/stack/testing/apiInstances';
import { openPage, pageErrors, sharedBrowser, shootBothWidths, storeUrl } from '../../scripts/browser/browser';
import { nav, signInOnPage } from '../../scripts/browser/storePages';
import { axeViolations, axeViolationsAtBothWidths } from '../support/axe';
import { gameStandIn } from '../support/gameStandIn';
import { namedDb, ownerAuth, ownerDb } from '../support/emulatorAdmin';
import { gemsOf, getJson, newPlayer, postJson, returnedOrder, sandboxControl, stackSettings, waitFor } from '../support/paymentsHarness';
import { newStaff, npmCommand, refundRequested } from '../support/staff';

/**
 * The daily gift, on the emulators: the shared stack's API (its clock moved by TEST_CLOCK_CONTROL to cross store days),
 * API instances of the test's own for races and for an address's limit, and the game stand-in's wallet.
 */
jest.setTimeout(180_000);

const browser = sharedBrowser();
const DAY_MS = 86_400_000;
const giftPath = `${API_BASE}${API_ROUTES.dailyGift}`;
const newBrowserId = () => crypto.randomUUID();

const standIn = (path: string) => gameStandIn(path);
const giftEventsOf = async (uid: string) =>
  ((await standIn('/events')).events as Array<{ id: string; deliveries: number; body: any }>).filter((event) => event.body.data.uid === uid && event.body.data.reason === 'daily_gift');

const moveClock = (offsetMs: number, base = process.env.STORE_URL!) =>
  fetch(`${base}${API_BASE}${TEST_CLOCK_ROUTE}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ offsetMs }) }).then((response) => {
    if (response.status !== 200) throw new Error(`The test clock did not move: ${response.status}`);
  });

const claimAt = async (base: string, idToken: string, deviceId: string) => {
  const response = await fetch(`${base}${giftPath}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` }, body: JSON.stringify({ deviceId }) });
  return { status: response.status, body: (await response.json()) as any };
};
const claim = (idToken: string, deviceId: string) => claimAt(process.env.STORE_URL!, idToken, deviceId);

/** What the game's server says of a player who plays (custom claims on the game account: docs/game-integration.md). */
const PLAYS = { [GAME_PROGRESS_CLAIM]: { playedDays: 6, level: 9 } };

/**
 * A game account made `ageMs` ago, with what the game says of its play (a player who plays unless told), and a store
 * session of it as "Sign in with the game" makes one (a custom token naming it).
 */
async function gameSession(ageMs: number, db = ownerDb(), customClaims: Record<string, unknown> = PLAYS): Promise<{ uid: string; idToken: string }> {
  const uid = `game-${crypto.randomBytes(8).toString('hex')}`;
  const created = new Date(Date.now() - ageMs).toUTCString();
  const imported = await ownerAuth().importUsers([{ uid, displayName: 'Guest', customClaims, metadata: { creationTime: created, lastSignInTime: created } }]);
  if (imported.failureCount > 0) throw new Error(`The game account was not made: ${JSON.stringify(imported.errors)}`);
  return { uid, idToken: (await storeSessionOf(uid, { db })).idToken };
}

/** What a refused claim must leave: no claim, no place on the calendar, no gems, no game event. */
async function nothingStoredFor(uid: string, db = ownerDb()) {
  const [claims, player, events] = await Promise.all([
    db.collection(COLLECTIONS.dailyGiftClaims).where('uid', '==', uid).get(),
    db.doc(`${COLLECTIONS.dailyGiftPlayers}/${uid}`).get(),
    db.collection(COLLECTIONS.gameEvents).where('uid', '==', uid).get(),
  ]);
  return { claims: claims.size, placed: player.exists, gameEvents: events.docs.filter((doc) => doc.get('body.data.reason') === 'daily_gift').length };
}

// Every test starts on the machine's time, whatever one before it left.
afterEach(async () => {
  await moveClock(0);
});

describe('the daily gift, in the browser', () => {
  it('a player signed in with the game claims day 1, cannot claim again today, claims day 2 tomorrow, and day 3 after skipping two days; the game hears of each once', async () => {
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await page.goto(storeUrl(ROUTES.signInSignUp));
    await page.getByRole('button', { name: authTexts.withGame }).click();
    const code = await page.getByTestId('game-code').innerText();
    const confirmed = await npmCommand(['game', '--', 'confirm', code, '--guest', '--played-days', '4']);
    const uid = /^uid: (\S+)$/m.exec(confirmed.output)?.[1];
    expect(uid).toBeDefined();
    await page.getByTestId('game-replace').getByRole('button', { name: authTexts.gameConfirmYes }).click();
    await page.waitForURL((url) => url.pathname !== ROUTES.signInSignUp, { timeout: 10_000 });

    // A guest made a moment ago may not claim yet: the page says why, and offers no button.
    await nav(page).getByRole('button', { name: 'Menu' }).click();
    await nav(page).getByRole('link', { name: dailyGiftTexts.navLink }).click();
    await page.getByTestId('gift-not-eligible').waitFor();
    await expect(page.getByTestId('gift-not-eligible').innerText()).resolves.toBe(dailyGiftTexts.notEligible);

    // Two days on (the server's clock, a setting for tests), the game account is old enough (and the game says it plays).
    await moveClock(2 * DAY_MS);
    const press = async (step: number, gems: number) => {
      await page.reload();
      await page.getByRole('button', { name: dailyGiftTexts.claim(step, gems) }).click();
      await page.getByRole('status').filter({ hasText: dailyGiftTexts.claimed(step, gems) }).waitFor();
    };
    await press(1, 20);
    await page.getByTestId('gift-come-back').waitFor();
    expect(await page.getByRole('button', { name: /^Claim day/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'daily-gift-claimed');
    // Shown again, the page still offers nothing more today.
    await page.reload();
    await page.getByTestId('gift-come-back').waitFor();
    expect(await page.getByRole('button', { name: /^Claim day/ }).count()).toBe(0);
    await expect(gemsOf(uid!)).resolves.toBe(20);

    await moveClock(3 * DAY_MS);
    await press(2, 20);
    await moveClock(6 * DAY_MS);
    await press(3, 30);
    await expect(page.getByTestId('gift-history').innerText()).resolves.toContain(dailyGiftTexts.historyLine(3, 30));
    await expect(page.getByTestId('gift-history').locator('li').count()).resolves.toBe(3);
    await expect(gemsOf(uid!)).resolves.toBe(70);

    const events = await waitFor(() => giftEventsOf(uid!), (received) => received.length === 3, 15_000);
    const days = [2, 3, 6].map((days) => dateIn(stackSettings.STORE_TIME_ZONE, Date.now() + days * DAY_MS));
    expect(events.map((event) => [event.id, event.deliveries, event.body.type, event.body.data.gems, event.body.data.orderId]).sort()).toEqual(
      days.map((day, index) => [`credit-daily_gift-${giftClaimId(uid!, day)}`, 1, 'gems.credited', [20, 20, 30][index], giftClaimId(uid!, day)]).sort(),
    );
    expect((await standIn('/events')).refused).toBe(0);
    await expect(standIn(`/wallets/${uid}`).then((wallet) => wallet.gems)).resolves.toBe(70);
    expect(pageErrors(page)).toEqual([]);
  });

  it('a player in Perth reads the next gift’s time on their own clock (9:00 pm while Sydney keeps summer time), then the store’s', async () => {
    const buyer = await newPlayer();
    await returnedOrder(buyer, 1);
    await waitFor(() => gemsOf(buyer.uid), (gems) => gems > 0);
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 }, timezoneId: 'Australia/Perth' });
    await signInOnPage(page, buyer.email);
    await page.goto(storeUrl(ROUTES.rewards));
    await page.getByRole('button', { name: dailyGiftTexts.claim(1, DEFAULT_GIFT_CALENDAR[0]!) }).click();
    const said = await page.getByTestId('gift-come-back').innerText();
    const nextDayAt = nextDayStartIn(stackSettings.STORE_TIME_ZONE, Date.now());
    expect(said).toBe(nextGiftText(nextDayAt, stackSettings.STORE_TIME_ZONE, 'Australia/Perth'));
    // The store's midnight is 9:00 pm on a Perth clock while Sydney keeps summer time (10:00 pm in winter).
    const summer = zoneOffsetOf(stackSettings.STORE_TIME_ZONE, nextDayAt) === 11 * 3_600_000;
    expect(said).toContain(summer ? "from 9:00 pm AWST your time (tomorrow, 12:00 am AEDT in the store's time)" : "from 10:00 pm AWST your time (tomorrow, 12:00 am AEST in the store's time)");
    expect(await axeViolationsAtBothWidths(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('/rewards has no axe violations at 375 and 1280 px, signed out too', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await page.goto(storeUrl(ROUTES.rewards));
    await page.getByRole('link', { name: dailyGiftTexts.signIn }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('the daily gift’s promises, on the emulator', () => {
  it('20 claims racing for one account on three instances grant exactly one', async () => {
    const player = await gameSession(3 * DAY_MS);
    const instances = await startApiInstances(3);
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_unused, index) => claimAt(instances.urls[index % 3]!, player.idToken, newBrowserId())));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.reason)).toEqual(Array(19).fill('alreadyClaimed'));
      const stored = await nothingStoredFor(player.uid);
      expect(stored).toEqual({ claims: 1, placed: true, gameEvents: 1 });
      await expect(gemsOf(player.uid)).resolves.toBe(20);
    } finally {
      await instances.stop();
    }
  });

  it('a claim in a store day’s last 100 ms and one in the next day’s first 100 ms grant one each, across Sydney’s clock change too', async () => {
    const gifts = firestoreGiftClaims(ownerDb(), stackSettings);
    for (const eve of ['2026-12-01', '2026-10-03', '2026-04-04']) {
      const uid = `gift-edge-${crypto.randomBytes(6).toString('hex')}`;
      const midnight = nextDayStartIn(stackSettings.STORE_TIME_ZONE, wallTimeIn(stackSettings.STORE_TIME_ZONE, `${eve}T12:00`));
      const request = { uid, deviceKey: `edge-device-${uid}`, addressKey: `edge-address-${uid}`, withoutPurchase: true, paidBefore: async () => false, addressLimit: 5 };
      const last = await gifts.claim({ ...request, now: midnight - 50 });
      const again = await gifts.claim({ ...request, now: midnight - 10 });
      const next = await gifts.claim({ ...request, now: midnight + 50 });
      expect(last).toMatchObject({ claim: { day: eve, step: 1 } });
      expect(again).toEqual({ refusal: 'alreadyClaimed' });
      expect(next).toMatchObject({ claim: { day: dateIn(stackSettings.STORE_TIME_ZONE, midnight + 50), step: 2 } });
      expect((await nothingStoredFor(uid)).claims).toBe(2);
    }
  });

  it('a new account without a purchase and a second account in the same browser are refused with a reason, and nothing is stored; a player who paid claims on the day they bought', async () => {
    const fresh = await newPlayer();
    const refused = await claim(fresh.idToken, newBrowserId());
    expect(refused).toEqual({ status: 403, body: { error: dailyGiftTexts.notEligible, reason: 'notEligible' } });
    await expect(nothingStoredFor(fresh.uid)).resolves.toEqual({ claims: 0, placed: false, gameEvents: 0 });
    await expect(gemsOf(fresh.uid)).resolves.toBe(0);
    // The page knows it before a press.
    expect((await getJson(giftPath, fresh.idToken)).body.notEligible).toBe(dailyGiftTexts.notEligible);

    const sharedBrowserId = newBrowserId();
    const [first, second] = [await gameSession(2 * DAY_MS), await gameSession(2 * DAY_MS)];
    expect((await claim(first.idToken, sharedBrowserId)).status).toBe(200);
    expect(await claim(second.idToken, sharedBrowserId)).toEqual({ status: 409, body: { error: dailyGiftTexts.deviceUsed, reason: 'deviceUsed' } });
    await expect(nothingStoredFor(second.uid)).resolves.toEqual({ claims: 0, placed: false, gameEvents: 0 });

    const buyer = await newPlayer();
    const { orderId } = await returnedOrder(buyer, 1);
    await waitFor(() => gemsOf(buyer.uid), (gems) => gems > 0);
    const bought = await gemsOf(buyer.uid);
    const claimed = await claim(buyer.idToken, newBrowserId());
    expect(claimed.status).toBe(200);
    expect(claimed.body.claimedToday).toMatchObject({ step: 1, gems: 20 });
    await expect(gemsOf(buyer.uid)).resolves.toBe(bought + 20);
    // The gift is not the order's: a refund still weighs only the pack's own gems.
    expect((await getJson(`${API_BASE}/orders/${orderId}/refund`, buyer.idToken)).body.eligibility).toEqual({ eligible: true });
  });

  it('a gift follows the money: a refunded purchaser and a charged-back one are refused the next day’s gift with words, and a guest the game says nothing of is refused', async () => {
    const staff = await newStaff();
    const [refunded, chargedBack] = await Promise.all([newPlayer(), newPlayer()]);
    const refundedOrder = await refundRequested(refunded, 1);
    const { orderId: disputed } = await returnedOrder(chargedBack, 1);
    await waitFor(() => gemsOf(chargedBack.uid), (gems) => gems > 0);
    for (const player of [refunded, chargedBack]) expect((await claim(player.idToken, newBrowserId())).status).toBe(200);

    // The money goes back: refunded by support, and taken back by the other's bank.
    expect((await postJson(`${API_BASE}/support/refunds/${refundedOrder}/approve`, {}, staff.idToken)).status).toBe(200);
    await sandboxControl('POST', `/orders/${disputed}/dispute`, { stage: 'opened' });
    await waitFor(() => ownerDb().doc(`transactions/${disputed}`).get(), (order) => order.get('dispute.status') === 'opened');
    await sandboxControl('POST', `/orders/${disputed}/dispute`, { stage: 'lost' });
    await waitFor(() => ownerDb().doc(`transactions/${disputed}`).get(), (order) => order.get('dispute.status') === 'lost');
    for (const player of [refunded, chargedBack]) await expect(ownerDb().doc(`users/${player.uid}`).get().then((user) => user.get('paidOrders'))).resolves.toEqual([]);

    await moveClock(DAY_MS);
    for (const player of [refunded, chargedBack]) {
      expect(await claim(player.idToken, newBrowserId())).toEqual({ status: 403, body: { error: dailyGiftTexts.notEligible, reason: 'notEligible' } });
      expect((await getJson(giftPath, player.idToken)).body.notEligible).toBe(dailyGiftTexts.notEligible);
    }

    // A day-old guest account the game says nothing of (or barely played) farms nothing; one that plays claims.
    const [unknown, idle, playing] = await Promise.all([
      gameSession(2 * DAY_MS, ownerDb(), {}),
      gameSession(2 * DAY_MS, ownerDb(), { [GAME_PROGRESS_CLAIM]: { playedDays: 1, level: 2 } }),
      gameSession(2 * DAY_MS),
    ]);
    for (const guest of [unknown, idle]) expect((await claim(guest.idToken, newBrowserId())).status).toBe(403);
    expect((await claim(playing.idToken, newBrowserId())).status).toBe(200);
  });

  it('one address is one address however it is written: 7 accounts in one IPv6 /64 and 8 spellings of one IPv4 get the per-address cap and no more', async () => {
    const databaseId = `gift-spellings-${process.pid}`;
    const db = namedDb(databaseId);
    const instances = await startApiInstances(1, { FIRESTORE_DATABASE_ID: databaseId, DAILY_GIFT_CLAIMS_PER_ADDRESS_A_DAY: '2', TRUST_PROXY: '127.0.0.1' });
    const claimFrom = async (idToken: string, address: string) => {
      const response = await fetch(`${instances.urls[0]}${giftPath}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}`, 'X-Forwarded-For': address },
        body: JSON.stringify({ deviceId: newBrowserId() }),
      });
      return response.status;
    };
    try {
      const oneHousehold = ['2001:db8:4:7::1', '2001:db8:4:7::2', '2001:db8:4:7:a::1', '2001:db8:4:7:ffff::9', '2001:db8:4:7::abcd', '2001:DB8:4:7::E', '2001:0db8:0004:0007:0000:0000:0000:0042'];
      const oneIpv4 = ['198.19.8.8', '::ffff:198.19.8.8', '::FFFF:198.19.8.8', '0:0:0:0:0:ffff:c613:808', '::ffff:c613:0808', '0000:0000:0000:0000:0000:ffff:c613:0808', '::ffff:C613:808', '0::ffff:198.19.8.8'];
      for (const spellings of [oneHousehold, oneIpv4]) {
        const players = await Promise.all(spellings.map(() => gameSession(2 * DAY_MS, db)));
        const statuses: number[] = [];
        for (const [index, address] of spellings.entries()) statuses.push(await claimFrom(players[index]!.idToken, address));
        expect(statuses.filter((status) => status === 200)).toHaveLength(2);
        expect(statuses.filter((status) => status === 429)).toHaveLength(spellings.length - 2);
      }
    } finally {
      await instances.stop();
    }
  });

  it('a player under 13 claims without a guardian’s consent (nothing is bought), and the gift counts toward no spending', async () => {
    const young = await gameSession(2 * DAY_MS);
    expect((await postJson(`${API_BASE}${API_ROUTES.birthDate}`, { birthDate: '2018-03-04' }, young.idToken)).status).toBe(200);
    const claimed = await claim(young.idToken, newBrowserId());
    expect(claimed.status).toBe(200);
    expect(claimed.body.claimedToday).toMatchObject({ step: 1, gems: 20 });
    await expect(gemsOf(young.uid)).resolves.toBe(20);
    // Buying still waits for a guardian; their month's spending is what they paid: nothing.
    const protections = (await getJson(`${API_BASE}${API_ROUTES.spendingLimit}`, young.idToken)).body;
    expect([protections.purchaseBlock, protections.spentThisMonthCents]).toEqual(['guardianConsentNeeded', 0]);
  });

  it('a browser with its storage cleared, on an address over its limit, is refused, and nothing is stored', async () => {
    const databaseId = `gift-address-${process.pid}`;
    const db = namedDb(databaseId);
    const instances = await startApiInstances(1, { FIRESTORE_DATABASE_ID: databaseId, DAILY_GIFT_CLAIMS_PER_ADDRESS_A_DAY: '2' });
    try {
      const players = await Promise.all([gameSession(2 * DAY_MS, db), gameSession(2 * DAY_MS, db), gameSession(2 * DAY_MS, db)]);
      expect((await claimAt(instances.urls[0]!, players[0].idToken, newBrowserId())).status).toBe(200);
      expect((await claimAt(instances.urls[0]!, players[1].idToken, newBrowserId())).status).toBe(200);
      const over = await claimAt(instances.urls[0]!, players[2].idToken, newBrowserId());
      expect(over).toEqual({ status: 429, body: { error: dailyGiftTexts.addressLimit, reason: 'addressLimit' } });
      await expect(nothingStoredFor(players[2].uid, db)).resolves.toEqual({ claims: 0, placed: false, gameEvents: 0 });
    } finally {
      await instances.stop();
    }
  });

  it('the balance, the history, the game’s wallet, support’s day and the overview agree after the claims', async () => {
    const staff = await newStaff();
    const today = dateIn(stackSettings.STORE_TIME_ZONE, Date.now());
    const overviewClaims = async () => (await getJson(`${API_BASE}${API_ROUTES.supportOverview}?days=7`, staff.idToken)).body.days.at(-1) as { date: string; giftClaims: number; giftGems: number };
    const before = await overviewClaims();
    const players = await Promise.all([gameSession(2 * DAY_MS), gameSession(2 * DAY_MS)]);
    const sameBrowser = newBrowserId();
    expect((await claim(players[0].idToken, sameBrowser)).status).toBe(200);
    expect((await claim(players[1].idToken, newBrowserId())).status).toBe(200);
    for (const player of players) {
      const view = (await getJson(giftPath, player.idToken)).body;
      expect(view.history.map((claimed: { gems: number }) => claimed.gems)).toEqual([20]);
      await expect(gemsOf(player.uid)).resolves.toBe(20);
      await waitFor(() => standIn(`/wallets/${player.uid}`), (wallet) => wallet.gems === 20, 15_000);
    }
    const after = await overviewClaims();
    expect(after.date).toBe(today);
    expect([after.giftClaims - before.giftClaims, after.giftGems - before.giftGems]).toEqual([2, 40]);
    const day = (await getJson(`${API_BASE}${API_ROUTES.supportDailyGifts}?date=${today}`, staff.idToken)).body;
    expect(day.claims.filter((claimed: { uid: string }) => players.some((player) => player.uid === claimed.uid))).toHaveLength(2);
    // Every claim of the tests comes from 127.0.0.1: support sees them share one address.
    expect(day.sharedAddresses.some((shared: { uids: string[] }) => players.every((player) => shared.uids.includes(player.uid)))).toBe(true);

    // Support's screen of the day says the same.
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, staff.email);
    await page.goto(storeUrl(ROUTES.supportDailyGifts));
    const table = page.getByTestId('gift-claims-table');
    await table.waitFor({ timeout: 10_000 });
    for (const player of players) await table.getByRole('cell', { name: player.uid, exact: true }).waitFor();
    await expect(page.getByTestId('gift-shared').innerText()).resolves.toContain(players[0].uid);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'support-daily-gifts');
    // And the overview counts them.
    await page.goto(storeUrl(ROUTES.supportOverview));
    const claimsShown = Number((await page.getByTestId('gift-claims').innerText()).replace(/,/g, ''));
    expect(claimsShown).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId('gift-gems').innerText()).resolves.toMatch(/^[\d,]+$/);
  });

  it('staff set the calendar within 1 to 500 gems a day; a player may not', async () => {
    const [staff, player] = await Promise.all([newStaff(), newPlayer()]);
    const put = (idToken: string, calendar: unknown) =>
      fetch(`${process.env.STORE_URL}${API_BASE}${API_ROUTES.supportGiftCalendar}`, { method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` }, body: JSON.stringify({ calendar }) }).then(
        (response) => response.status,
      );
    expect(await put(player.idToken, [20, 20, 30, 30, 50, 50, 100])).toBe(403);
    expect(await put(staff.idToken, [20, 20, 30, 30, 50, 50, 501])).toBe(400);
    expect(await put(staff.idToken, [20, 20, 30, 30, 50, 50])).toBe(400);
    expect((await ownerDb().doc(`${COLLECTIONS.storeSettings}/daily_gift`).get()).exists).toBe(false);

    // On support's screen, day 7 becomes 120 gems: players see it at their next visit (no test here reaches day 7).
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInOnPage(page, staff.email);
    await page.goto(storeUrl(ROUTES.supportDailyGifts));
    await page.getByLabel(dailyGiftTexts.dayLabel(7), { exact: true }).fill('120');
    await page.getByRole('button', { name: 'Save the calendar' }).click();
    await page.getByRole('status').filter({ hasText: 'The calendar is saved.' }).waitFor();
    try {
      expect((await getJson(giftPath, player.idToken)).body.calendar).toEqual([20, 20, 30, 30, 50, 50, 120]);
    } finally {
      expect(await put(staff.idToken, [...DEFAULT_GIFT_CALENDAR])).toBe(200);
    }
  });
});
