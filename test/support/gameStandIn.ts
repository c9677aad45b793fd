import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';

const settings = sharedStackSettings();

/** The shared stack's game-server stand-in, through its test controls (/__game): what it got, its wallets, its behaviour. */
export const gameStandIn = (path: string, method = 'GET', body?: unknown): Promise<any> =>
  fetch(`http://${settings.HOST}:${settings.GAME_SERVER_PORT}/__game${path}`, {
    method,
    headers: { 'X-Sandbox-Token': settings.SANDBOX_CONTROL_TOKEN, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((response) => response.json());

/**
 * The player spends gems in the game, as a player does: the stand-in asks the store to take them (signed, as the game's
 * server does) and spends them once it did. Answers whether the store took them, and the player's gems after.
 */
export async function trySpendInGame(uid: string, gems: number): Promise<{ spent: boolean; balance: number; debt: number }> {
  const answer = await gameStandIn(`/wallets/${uid}/spend`, 'POST', { gems });
  if (answer.store?.entryId) return { spent: true, balance: answer.store.balance, debt: answer.store.debt };
  if (/not that many/.test(answer.store?.error ?? '')) return { spent: false, balance: NaN, debt: NaN };
  throw new Error(`The spend went wrong: ${JSON.stringify(answer)}`);
}

/** The player spends gems the store's balance holds: the store's word of their gems after it. */
export async function spendInGame(uid: string, gems: number): Promise<{ balance: number; debt: number }> {
  const { spent, balance, debt } = await trySpendInGame(uid, gems);
  if (!spent) throw new Error(`The store's balance of ${uid} did not hold ${gems} gems to spend.`);
  return { balance, debt };
}
