import { endStoreSessions, listStoreSessions } from '../../scripts/game/gameServerCalls';
import { emailAccount } from '../../scripts/game/gameAccount';
import { verifierHashOf } from '../../src/server/gameSignIn/linkRules';
import { API_BASE, API_ROUTES, apiPath } from '../../src/shared/api';
import { billingProfileTexts } from '../../src/shared/billingProfile';
import { TEST_ADULT_BIRTH_DATE } from '../fixtures/samples';
import { ownerDb, uniqueEmail } from '../support/emulatorAdmin';
import { getJson, paymentDetails, postJson, queryAsClient, readAsClient, stackSettings, type TestPlayer } from '../support/paymentsHarness';
import { signInWithCustomToken, storeSessionOf } from '../support/storeSessions';
import { focusedText, openPage, pageErrors, sharedBrowser, shootBothWidths, storeUrl } from '../../scripts/browser/browser';
import { authTexts } from '../../src/client/features/auth/authTexts';
import { ordersTexts } from '../../src/client/features/orders/ordersTexts';
import { ROUTES } from '../../src/shared/routes';
import { axeViolations } from '../support/axe';

const browser = sharedBrowser();

/**
 * Store sessions on the real stack: a code phished from a player signs the attacker's browser in as a store session that
 * buys and reads its own orders, and reaches none of the player's personal data (the API says 403, Firestore's rules
 * permission-denied); the game lists and ends its player's sessions, and an ended or expired session reaches nothing.
 */
jest.setTimeout(90_000);

const verifier = 'a'.repeat(43);
const api = (route: string) => `${API_BASE}${route}`;
const store = process.env.STORE_URL!;
const secret = stackSettings.GAME_WEBHOOK_SECRET;

/** A browser's "Sign in with the game" (or its ask for personal data, with its own token), confirmed by `game`: the ID token it then holds. */
async function signedInWithTheGame(game: TestPlayer, asker?: string): Promise<string> {
  const purpose = asker ? 'personalData' : 'signIn';
  const started = await postJson(api(API_ROUTES.linkSessions), { verifierHash: verifierHashOf(verifier), purpose }, asker);
  expect(started.status).toBe(201);
  const confirmed = await postJson(api(API_ROUTES.linkConfirm), { code: started.body.code }, game.idToken);
  expect([confirmed.status, confirmed.body.purpose]).toEqual([200, purpose]);
  const redeemed = await postJson(apiPath(API_ROUTES.linkRedeem, { sessionId: started.body.sessionId }), { verifier }, asker);
  expect(redeemed.status).toBe(200);
  return signInWithCustomToken(redeemed.body.customToken);
}

/** What a sign-in reaches of the player's personal data, through the API and straight from Firestore. */
async function reach(idToken: string, uid: string, orderId: string) {
  const [details, forget, profile, order, orders] = await Promise.all([
    getJson(api(API_ROUTES.billingDetails), idToken),
    fetch(`${store}${api(API_ROUTES.billingDetails)}`, { method: 'DELETE', headers: { Authorization: `Bearer ${idToken}` } }).then((response) => response.status),
    readAsClient(`billing_profiles/${uid}`, idToken),
    readAsClient(`transactions/${orderId}`, idToken),
    queryAsClient('', 'transactions', 'userId', uid, idToken),
  ]);
  return { details: details.status, forget, profile: profile.status, order: order.status, orders: orders.status };
}

describe('store sessions made from a game code', () => {
  it('a phished code buys for the player but reaches none of their personal data; the game lists and ends it, and then it reaches nothing', async () => {
    const victim = await emailAccount(stackSettings, uniqueEmail('victim'), 'the-victims-password');
    const player: TestPlayer = { uid: victim.uid, idToken: victim.idToken, email: '' };
    expect((await postJson(api(API_ROUTES.birthDate), { birthDate: TEST_ADULT_BIRTH_DATE }, player.idToken)).status).toBe(200);
    const bought = await postJson(api(API_ROUTES.payments), { packId: 1, ...paymentDetails, rememberDetails: true }, player.idToken);
    expect(bought.status).toBe(201);
    expect((await getJson(api(API_ROUTES.billingDetails), player.idToken)).body.details).toEqual(paymentDetails);

    // The attacker's browser, signed in by the code the player's game confirmed.
    const phished = await signedInWithTheGame(player);
    expect(await reach(phished, player.uid, bought.body.orderId)).toEqual({ details: 403, forget: 403, profile: 403, order: 403, orders: 403 });
    expect((await getJson(api(API_ROUTES.billingDetails), phished)).body).toEqual({ error: billingProfileTexts.confirmInGame, reason: 'confirmInGame' });
    expect((await getJson(apiPath(API_ROUTES.order, { orderId: bought.body.orderId }), phished)).status).toBe(404);
    // The details are still the player's: Forget did nothing.
    expect((await ownerDb().doc(`billing_profiles/${player.uid}`).get()).get('details')).toEqual(paymentDetails);

    // It buys for the player, and reads the order it made, as it should.
    const own = await postJson(api(API_ROUTES.payments), { packId: 1, ...paymentDetails, firstName: 'Mallory' }, phished);
    expect(own.status).toBe(201);
    expect((await getJson(apiPath(API_ROUTES.order, { orderId: own.body.orderId }), phished)).status).toBe(200);
    expect((await readAsClient(`transactions/${own.body.orderId}`, phished)).status).toBe(200);

    // The game's server lists its player's store sessions and ends the attacker's.
    const listed = await listStoreSessions(store, secret, player.uid);
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(1);
    expect(listed.body.sessions[0]).toMatchObject({ personalData: false, endedAt: null });
    expect((await endStoreSessions(store, secret, player.uid, listed.body.sessions[0]!.sessionId)).body.ended).toEqual([listed.body.sessions[0]!.sessionId]);
    // Its ID token is still unexpired: the API and the rules refuse it all the same.
    expect((await getJson(api(API_ROUTES.openOrders), phished)).status).toBe(401);
    expect((await readAsClient(`users/${player.uid}`, phished)).status).toBe(403);
    expect((await readAsClient(`transactions/${own.body.orderId}`, phished)).status).toBe(403);
    expect((await listStoreSessions(store, secret, player.uid)).body.sessions[0]).toMatchObject({ endedBy: 'game', endedAt: expect.any(Number) });
    // A request not signed by the game's server ends nothing.
    const forged = await endStoreSessions(store, `whsec_${Buffer.from('an-attackers-guess-at-the-secret!').toString('base64')}`, player.uid);
    expect(forged.status).toBe(401);
  });

  it('a session past its time reaches nothing; the player’s own session, confirmed in the game for that, reaches their details', async () => {
    const owner = await emailAccount(stackSettings, uniqueEmail('owner'), 'the-owners-password');
    const player: TestPlayer = { uid: owner.uid, idToken: owner.idToken, email: '' };
    await postJson(api(API_ROUTES.birthDate), { birthDate: TEST_ADULT_BIRTH_DATE }, player.idToken);
    await fetch(`${store}${api(API_ROUTES.billingDetails)}`, { method: 'PUT', headers: { Authorization: `Bearer ${player.idToken}`, 'Content-Type': 'application/json' }, body: JSON.stringify(paymentDetails) });

    const expired = await storeSessionOf(player.uid);
    await ownerDb().doc(`store_sessions/${expired.sessionUid}`).update({ expiresAt: Date.now() - 1 });
    expect((await getJson(api(API_ROUTES.openOrders), expired.idToken)).status).toBe(401);
    expect((await readAsClient(`users/${player.uid}`, expired.idToken)).status).toBe(403);

    // The player's laptop, signed in with the game, asks the game to confirm it for their details; the game confirms.
    const laptop = await signedInWithTheGame(player);
    expect((await getJson(api(API_ROUTES.billingDetails), laptop)).status).toBe(403);
    // A code for personal data is the session's own: another account's game cannot confirm it.
    const other = await emailAccount(stackSettings, uniqueEmail('other'), 'the-others-password');
    const started = await postJson(api(API_ROUTES.linkSessions), { verifierHash: verifierHashOf(verifier), purpose: 'personalData' }, laptop);
    expect((await postJson(api(API_ROUTES.linkConfirm), { code: started.body.code }, other.idToken)).status).toBe(403);
    // Nor can a store session confirm a code itself.
    expect((await postJson(api(API_ROUTES.linkConfirm), { code: started.body.code }, laptop)).status).toBe(403);
    const confirmed = await signedInWithTheGame(player, laptop);
    expect((await getJson(api(API_ROUTES.billingDetails), confirmed)).body).toEqual({ details: paymentDetails, generation: 0 });
    expect((await readAsClient(`billing_profiles/${player.uid}`, confirmed)).status).toBe(200);
  });

  it('in the browser: signed in with the game, the orders page lists the orders made there and says so; confirmed in the game, it lists them all and the details show', async () => {
    const owner = await emailAccount(stackSettings, uniqueEmail('browser'), 'the-owners-password');
    const player: TestPlayer = { uid: owner.uid, idToken: owner.idToken, email: '' };
    await postJson(api(API_ROUTES.birthDate), { birthDate: TEST_ADULT_BIRTH_DATE }, player.idToken);
    const elsewhere = await postJson(api(API_ROUTES.payments), { packId: 1, ...paymentDetails, rememberDetails: true }, player.idToken);
    expect(elsewhere.status).toBe(201);

    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await page.goto(storeUrl(ROUTES.signInSignUp));
    await page.getByRole('button', { name: authTexts.withGame }).click();
    const confirmShown = async () => {
      const code = await page.getByTestId('game-code').innerText();
      expect((await postJson(api(API_ROUTES.linkConfirm), { code }, player.idToken)).status).toBe(200);
    };
    await confirmShown();
    await page.getByTestId('game-replace').getByRole('button', { name: authTexts.gameConfirmYes }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Its orders page lists what this browser made (nothing yet), says why, and the details wait for the game.
    await page.goto(storeUrl(ROUTES.orders));
    await page.getByTestId('orders-made-here').getByText(ordersTexts.madeHere).waitFor();
    await page.getByText(ordersTexts.empty).waitFor();
    await expect(page.locator(`[data-order-id="${elsewhere.body.orderId}"]`).count()).resolves.toBe(0);
    await page.getByTestId('remembered-details').getByText(billingProfileTexts.heading).click();
    await page.getByTestId('remembered-details').getByText(billingProfileTexts.confirmInGame).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'orders-signed-in-with-the-game');

    // The account page asks the game; the player confirms the code in their game.
    await page.getByTestId('orders-made-here').getByRole('link', { name: ordersTexts.confirmInGame }).click();
    const reach = page.getByTestId('this-browser');
    await reach.getByText(authTexts.thisBrowserIntro).waitFor();
    await reach.getByRole('button', { name: authTexts.confirmInGame }).click();
    await reach.getByTestId('game-code').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'confirm-in-the-game');
    await confirmShown();
    await reach.getByText(authTexts.confirmedInGame).waitFor({ timeout: 5_000 });
    await expect(focusedText(page)).resolves.toBe(authTexts.confirmedInGame);
    expect(await axeViolations(page)).toEqual([]);

    await reach.getByRole('link', { name: authTexts.toAllOrders }).click();
    await page.locator(`[data-order-id="${elsewhere.body.orderId}"]`).waitFor();
    await expect(page.getByTestId('orders-made-here').count()).resolves.toBe(0);
    await page.getByTestId('remembered-details').getByText(billingProfileTexts.heading).click();
    await page.getByTestId('remembered-details').getByText(`${paymentDetails.firstName} ${paymentDetails.lastName}`).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
