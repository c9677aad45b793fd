import { sharedStackSettings } from '../../scripts/stack/testing/sharedStackSettings';

const settings = sharedStackSettings();

/** The shared stack's game-server stand-in, through its test controls (/__game): what it got, its wallets, its behaviour. */
export const gameStandIn = (path: string, method = 'GET', body?: unknown): Promise<any> =>
  fetch(`http://${settings.HOST}:${settings.GAME_SERVER_PORT}/__game${path}`, {
    method,
    headers: { 'X-Sandbox-Token': settings.SANDBOX_CONTROL_TOKEN, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((response) => response.json());
