import { Webhook } from 'standardwebhooks';

/**
 * The headers of a JSON body signed as Standard Webhooks has it (https://www.standardwebhooks.com), with the store's
 * and the game's shared secret: the message's id, the time it was signed, and the signature of the three. The store's
 * events and its nightly question to the game, and the game's own calls to the store, are all signed so.
 */
export function signedJsonHeaders(secret: string, id: string, body: string, at: Date = new Date()): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}
