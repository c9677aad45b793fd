import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { uidsOfPlayerTag } from '../accounts/playerTags';

/** An account as a gift's lookup may know it: its name (shown masked) and whether it can still sign in. */
export interface RecipientAccount {
  displayName: string | null;
  disabled: boolean;
}

/** Where a gift finds its recipient: the accounts a tag names, and an account's name and standing. */
export interface GiftRecipients {
  uidsOfTag(tag: string): Promise<string[]>;
  accountOf(uid: string): Promise<RecipientAccount | null>;
}

/** player_tags/{tag} (written at a first order, a game sign-in and a date of birth given) and Firebase Auth. */
export function firestoreGiftRecipients(db: Firestore, auth: Pick<Auth, 'getUser'>): GiftRecipients {
  return {
    uidsOfTag: (tag) => uidsOfPlayerTag(db, tag),
    async accountOf(uid) {
      try {
        const user = await auth.getUser(uid);
        return { displayName: user.displayName ?? null, disabled: user.disabled };
      } catch (error) {
        if ((error as { code?: unknown })?.code === 'auth/user-not-found') return null;
        throw error;
      }
    },
  };
}
