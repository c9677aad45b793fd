import type { Page } from 'playwright-core';
import { authTexts } from '../../src/client/features/auth/authTexts';
import { protectionsTexts } from '../../src/client/features/protections/protectionsTexts';
import { paymentTexts } from '../../src/client/features/payment/paymentTexts';
import { API_BASE, API_ROUTES, apiPath } from '../../src/shared/api';
import { STARTING_PACKS } from '../../src/shared/startingCatalogue';
import { LINK_CODE_TTL_MS } from '../../src/shared/gameSignIn/linkCode';
import { playerTagOf } from '../../src/shared/playerTag';
import { firestoreLinks } from '../../src/server/gameSignIn/linkRepository';
import { linkMessages, newLinkCode, newSessionId, verifierHashOf } from '../../src/server/gameSignIn/linkRules';
import { LINK_TRIES } from '../../src/server/http/rateLimits';
import { ROUTES, signInForItemPath } from '../../src/shared/routes';
import { focusedText, openPage, pageErrors, sharedBrowser, shootBothWidths, sidewaysSpill, storeUrl } from '../../scripts/browser/browser';
import { fillPaymentForm, nav, openCheckout, signUp, waitForBalance } from '../../scripts/browser/storePages';
import { emailAccount, newGuest } from '../../scripts/game/gameAccount';
import { axeViolations } from '../support/axe';
import { ownerAuth, ownerDb, uniqueEmail } from '../support/emulatorAdmin';
import { getJson, postJson, readAsClient, stackSettings, waitFor } from '../support/paymentsHarness';
import { npmCommand } from '../support/staff';

jest.setTimeout(120_000);

const browser = sharedBrowser();
const pouch = STARTING_PACKS[2]!;

/** The game stand-in confirms `code` (as a new guest unless told otherwise): its uid, and when it answered. */
async function gameConfirms(code: string, ...account: string[]): Promise<{ uid: string; confirmedAt: number }> {
  const confirmed = await npmCommand(['game', '--', 'confirm', code, ...(account.length ? account : ['--guest'])]);
  const uid = /^uid: (\S+)$/m.exec(confirmed.output)?.[1];
  if (confirmed.code !== 0 || !uid) throw new Error(`The game stand-in did not confirm ${code}: ${confirmed.output}`);
  return { uid, confirmedAt: Date.now() };
}

const verifier = 'v'.repeat(43);
/** "Signed in as …" where the header shows it at this width: beside the balance, or in the open phone menu. */
const accountLabel = (page: Page) => nav(page).locator('[data-testid="account-label"]:visible');

describe('sign in with the game, in the browser', () => {
  it('a visitor buying the Pouch signs in with a guest game account within 2 s of the game’s confirmation, gives a birth date, buys, and the gems land on that uid', async () => {
    const page = await openPage(browser(), { viewport: { width: 375, height: 812 } });
    await page.goto(storeUrl(signInForItemPath(pouch.id)));
    await page.getByRole('button', { name: authTexts.withGame }).click();
    const code = await page.getByTestId('game-code').innerText();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    await page.getByTestId('game-qr').waitFor();
    const open = page.getByRole('link', { name: authTexts.openGame });
    await expect(open.getAttribute('href')).resolves.toBe(`wyrmcrown://store-link?code=${code}`);
    await expect(page.getByTestId('game-countdown').innerText()).resolves.toMatch(/^This code works for (2:00|1:5\d) more\.$/);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'sign-in-with-the-game');

    const { uid, confirmedAt } = await gameConfirms(code);
    // Signed out, the browser asks whose account it is about to become, by the tag of its uid, before going on.
    const question = page.getByTestId('game-replace');
    await question.getByRole('heading', { name: authTexts.gameConfirmHeading }).waitFor({ timeout: 5_000 });
    expect(Date.now() - confirmedAt).toBeLessThan(2_000);
    await expect(question.innerText()).resolves.toContain(`The game confirmed the account Guest · #${playerTagOf(uid)}.`);
    // The choice that changes nothing has the focus first.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(authTexts.gameConfirmNo);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'game-sign-in-is-this-you');
    await question.getByRole('button', { name: authTexts.gameConfirmYes }).click();
    // The Pouch's payment screen, for this guest: their date of birth first, as for any account that never gave it.
    await page.getByTestId('purchase-gate').getByRole('heading', { name: protectionsTexts.birthDateHeading }).waitFor({ timeout: 5_000 });
    expect(new URL(page.url()).search).toBe(`?item=${pouch.id}`);
    await nav(page).getByRole('button', { name: 'Menu' }).click();
    await expect(accountLabel(page).innerText()).resolves.toBe(`Signed in as Guest · #${playerTagOf(uid)}`);
    await shootBothWidths(page, 'signed-in-from-the-game');
    await nav(page).getByRole('button', { name: 'Menu' }).click();

    await page.getByTestId('purchase-gate').getByLabel(protectionsTexts.birthDate).fill('1990-02-03');
    await page.getByTestId('purchase-gate').getByRole('button', { name: protectionsTexts.saveBirthDate }).click();
    // Continue leaves with the gate: focus goes to the words that say the form below is open, not to the page.
    await page.getByRole('status').filter({ hasText: protectionsTexts.gateLifted.birthDateNeeded }).waitFor();
    await expect(focusedText(page)).resolves.toBe(protectionsTexts.gateLifted.birthDateNeeded);
    expect(await axeViolations(page)).toEqual([]);
    await fillPaymentForm(page);
    // A guest account has no email: the form asks where the receipt goes, as it does of everyone.
    const email = page.getByLabel('Email', { exact: true });
    await expect(email.inputValue()).resolves.toBe('');
    await email.fill(uniqueEmail('guest-receipt'));
    const checkout = await openCheckout(page);
    // The provider's stand-in looks like a provider's page on a phone: nothing wider than the screen.
    await checkout.getByRole('button', { name: 'Pay' }).waitFor();
    expect(await sidewaysSpill(checkout)).toEqual([]);
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: paymentTexts.successHeading }).waitFor({ timeout: 20_000 });
    await checkout.close();
    await waitForBalance(page, '3,500');
    // The gems are the game account's: its own users/{uid}, which the game reads.
    expect((await ownerDb().doc(`users/${uid}`).get()).data()?.gemCount).toBe(pouch.gemCount);
    // Its history says it signed in from the game, and on what.
    const history = await ownerDb().collection(`player_protections/${uid}/events`).where('type', '==', 'signedInFromGame').get();
    expect(history.docs.map((doc) => doc.data().startedOn)).toEqual([expect.stringMatching(/^Chrom\w* on Linux$/)]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('at 1280×800 the code and its QR are on the first screen; an expired code offers a new one, and focus goes to it, spelled out', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 800 } });
    await page.clock.install();
    await page.goto(storeUrl(ROUTES.signInSignUp));
    await page.getByRole('button', { name: authTexts.withGame }).click();
    const first = await page.getByTestId('game-code').innerText();
    for (const shown of ['game-qr', 'game-countdown']) {
      const box = (await page.getByTestId(shown).boundingBox())!;
      expect([shown, box.y + box.height <= 800]).toEqual([shown, true]);
    }
    // A screen reader reads the code character by character, not as a word.
    await expect(page.locator('[data-testid="game-code"] + *').innerText()).resolves.toBe(authTexts.gameCodeSpelled(first));
    await page.clock.fastForward('02:05');
    await page.getByText(authTexts.gameExpired).waitFor();
    await page.getByRole('button', { name: authTexts.gameNewCode }).click();
    await waitFor(() => page.getByTestId('game-code').innerText().catch(() => ''), (code) => code !== '' && code !== first);
    const second = await page.getByTestId('game-code').innerText();
    // Show a New Code left with its button: focus is on the new code, not on the page.
    await expect(focusedText(page)).resolves.toContain(authTexts.gameCodeSpelled(second));
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ forcedColors: 'active' });
    expect(await axeViolations(page, { forcedColours: true })).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('a browser signed in as another account asks first: keeping it changes nothing, switching signs in as the game account', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    const email = uniqueEmail('switch');
    await signUp(page, email);
    await page.goto(storeUrl(ROUTES.signInSignUp));
    await page.getByRole('button', { name: authTexts.withGameSwitch }).click();
    const first = await gameConfirms(await page.getByTestId('game-code').innerText());
    const question = page.getByTestId('game-replace');
    await question.waitFor({ timeout: 5_000 });
    await expect(question.innerText()).resolves.toContain(`This browser is signed in as ${email} · #`);
    await expect(question.innerText()).resolves.toContain(`The game confirmed Guest · #${playerTagOf(first.uid)}`);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'game-sign-in-switch-account');
    await question.getByRole('button', { name: authTexts.gameReplaceNo }).click();
    await page.getByText(authTexts.gameKept).waitFor();
    await expect(accountLabel(page).innerText()).resolves.toMatch(new RegExp(`^Signed in as ${email.replace(/[.+]/g, '\\$&')} · #`));

    await page.getByRole('button', { name: authTexts.gameBackToAccount }).click();
    await page.getByRole('button', { name: authTexts.withGameSwitch }).click();
    const second = await gameConfirms(await page.getByTestId('game-code').innerText());
    await page.getByTestId('game-replace').getByRole('button', { name: authTexts.gameReplaceYes }).click();
    await page.waitForURL(storeUrl(ROUTES.home));
    await expect(accountLabel(page).innerText()).resolves.toBe(`Signed in as Guest · #${playerTagOf(second.uid)}`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('sign in with the game, on the emulator', () => {
  const start = async () => (await postJson(`${API_BASE}${API_ROUTES.linkSessions}`, { verifierHash: verifierHashOf(verifier) })).body as { sessionId: string; code: string };
  const redeem = (sessionId: string, withVerifier = verifier) => postJson(apiPath(API_ROUTES.linkRedeem, { sessionId }), { verifier: withVerifier });
  const confirmAs = (idToken: string, code: string) => postJson(`${API_BASE}${API_ROUTES.linkConfirm}`, { code }, idToken);

  it('a wrong, reused or expired code changes nothing; a session confirmed but redeemed from another browser signs nothing in', async () => {
    const game = await newGuest(stackSettings);
    const { sessionId, code } = await start();
    expect(await confirmAs(game.idToken, 'K7Q2-M4XD')).toEqual({ status: 404, body: { error: linkMessages.unknown } });
    expect((await confirmAs(game.idToken, code.toLowerCase().replace('-', ' '))).status).toBe(200);
    expect(await confirmAs(game.idToken, code)).toEqual({ status: 409, body: { error: linkMessages.used } });
    // Another browser knows the session (it cannot, but say it did): without the verifier, nothing.
    expect(await redeem(sessionId, 'w'.repeat(43))).toEqual({ status: 403, body: { error: linkMessages.wrongBrowser } });
    const redeemed = await redeem(sessionId);
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.account.uid).toBe(game.uid);
    expect((await redeem(sessionId)).status).toBe(409);

    // A code past its 2 minutes, as the store keeps it: refused as expired.
    const links = firestoreLinks(ownerDb());
    const old = Date.now() - LINK_CODE_TTL_MS - 1_000;
    const expired = { sessionId: newSessionId(), code: newLinkCode(), verifierHash: verifierHashOf(verifier), state: 'waiting' as const, createdAt: old, expiresAt: old + LINK_CODE_TTL_MS, startedOn: 'Firefox 140 on Windows', uid: null, confirmedAt: null, redeemedAt: null };
    expect(await links.start(expired)).toBe(true);
    expect(await confirmAs(game.idToken, expired.code)).toEqual({ status: 410, body: { error: linkMessages.expired } });
    await expect(links.session(expired.sessionId)).resolves.toMatchObject({ state: 'waiting', uid: null });
  });

  it('an attacker’s code confirmed by a player’s game gives the attacker a store session, never the game account: its password, email, sign-in methods and life stay the player’s', async () => {
    const identity = (action: string, body: unknown) =>
      fetch(`http://${stackSettings.EMULATOR_HOST}:${stackSettings.AUTH_EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:${action}?key=any`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...(body as object), returnSecureToken: true }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, any> }));
    const email = uniqueEmail('phished');
    const password = 'the-players-own-password';
    const player = await emailAccount(stackSettings, email, password);

    // The attacker starts a sign-in in their own browser, with a User-Agent of their choosing, and sends the code.
    const lure = 'Wyrmcrown Official Gift Centre 2026';
    const started = await fetch(`${process.env.STORE_URL}${API_BASE}${API_ROUTES.linkSessions}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': lure },
      body: JSON.stringify({ verifierHash: verifierHashOf(verifier) }),
    }).then((response) => response.json() as Promise<{ sessionId: string; code: string }>);
    // What the player's game shows has no word the starter chose.
    const preview = await postJson(`${API_BASE}${API_ROUTES.linkPreview}`, { code: started.code }, player.idToken);
    expect(preview.status).toBe(200);
    expect(JSON.stringify(preview.body)).not.toMatch(/Wyrmcrown Official|Gift|Centre|2026/);
    expect(preview.body.startedOn).toBe('an unknown browser');
    expect((await confirmAs(player.idToken, started.code)).status).toBe(200);

    // The attacker redeems and signs in: a store session, whose account is not the player's.
    const redeemed = await redeem(started.sessionId);
    expect(redeemed.body.account.uid).toBe(player.uid);
    const session = await identity('signInWithCustomToken', { token: redeemed.body.customToken });
    expect(session.status).toBe(200);
    const sessionUid = (JSON.parse(Buffer.from(session.body.idToken.split('.')[1], 'base64url').toString()) as { user_id: string }).user_id;
    expect(sessionUid).not.toBe(player.uid);
    // It buys for the player and reads their orders, as it should.
    expect((await getJson(`${API_BASE}${API_ROUTES.openOrders}`, session.body.idToken)).status).toBe(200);

    // Everything Firebase would let a session do to its account reaches only the session's own.
    // Each change answers the token to go on with: a password change ends the tokens issued before its second, so on a
    // busy machine (a second or more after the sign-in) the first token would no longer change the email.
    const passwordSet = await identity('update', { idToken: session.body.idToken, password: 'attackers-new-password' });
    expect(passwordSet.status).toBe(200);
    const emailSet = await identity('update', { idToken: passwordSet.body.idToken, email: uniqueEmail('attacker') });
    expect(emailSet.status).toBe(200);
    const linked = await identity('signInWithPassword', { email: (await ownerAuth().getUser(sessionUid)).email, password: 'attackers-new-password' });
    await identity('delete', { idToken: emailSet.body.idToken ?? passwordSet.body.idToken });
    const account = await ownerAuth().getUser(player.uid);
    expect(account.email).toBe(email);
    expect(account.providerData.map((provider) => provider.providerId)).toEqual(['password']);
    expect((await identity('signInWithPassword', { email, password })).status).toBe(200);
    expect((await identity('signInWithPassword', { email, password: 'attackers-new-password' })).status).toBe(400);
    // The session's account signed in with the password its holder linked acts for nobody: the API and the rules refuse it.
    expect(linked.status).toBe(200);
    expect((await getJson(`${API_BASE}${API_ROUTES.openOrders}`, linked.body.idToken)).status).toBe(401);
    expect((await readAsClient(`users/${player.uid}`, linked.body.idToken)).status).toBe(403);
  });

  it(`holds a game account off after ${LINK_TRIES.perAccount} wrong codes, across the store`, async () => {
    const guesser = await newGuest(stackSettings);
    const statuses = [];
    for (let i = 0; i < LINK_TRIES.perAccount; i += 1) statuses.push((await confirmAs(guesser.idToken, 'K7Q2-M4XD')).status);
    expect(statuses).toEqual(Array(LINK_TRIES.perAccount).fill(404));
    const { code, sessionId } = await start();
    expect((await confirmAs(guesser.idToken, code)).status).toBe(429);
    await expect(firestoreLinks(ownerDb()).session(sessionId)).resolves.toMatchObject({ state: 'waiting' });
  });
});
