import { playerTagOf } from '../../../src/shared/playerTag';
import type { GiftRecipients, RecipientAccount } from '../../../src/server/gifts/giftRecipients';

/** Gift recipients in memory: the accounts a test names, found by their tags as player_tags finds them. */
export function memoryGiftRecipients(accounts: Record<string, Partial<RecipientAccount>>): GiftRecipients {
  return {
    async uidsOfTag(tag) {
      return Object.keys(accounts).filter((uid) => playerTagOf(uid) === tag);
    },
    async accountOf(uid) {
      const account = accounts[uid];
      return account ? { displayName: null, disabled: false, ...account } : null;
    },
  };
}
