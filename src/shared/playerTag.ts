/**
 * A player's short tag, "#K7Q2M4XD": the same for an account wherever it is shown (the store's header, the game, the
 * support console, which finds a player by it). Derived from the uid (FNV-1a, 64 bits, in Crockford's base 32), so
 * both sides compute it alike without asking anyone; 40 bits keep two players apart in all but a very large crowd,
 * and support's search lists every account a tag names.
 */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TAG_LENGTH = 8;
const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = (1n << 64n) - 1n;

export const PLAYER_TAG_PATTERN = new RegExp(`^#?[${CROCKFORD}]{${TAG_LENGTH}}$`, 'i');

export function playerTagOf(uid: string): string {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(uid)) hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK_64;
  let tag = '';
  for (let index = 0; index < TAG_LENGTH; index += 1) {
    tag += CROCKFORD[Number(hash & 31n)];
    hash >>= 5n;
  }
  return tag;
}

/** The tag as typed into a search ("#k7q2m4xd", "K7Q2M4XD"), as kept: upper case, without its "#". */
export const normalizePlayerTag = (typed: string) => typed.trim().replace(/^#/, '').toUpperCase();

/** The separator between a name and its tag ("Aria · #K7Q2M4XD"). */
export const TAG_SEPARATOR = '·';

/**
 * Why a display name cannot be one (a name must never pass for another account's tag: no '#', no separator, no
 * line breaks or control characters, at most 40 characters); null when it can. The game applies it where its
 * players set a name (docs/game-integration.md); the store shows no name that fails it.
 */
export function displayNameRefusal(name: string): string | null {
  if (name.trim().length === 0) return 'A name needs a letter or digit.';
  if (name.length > 40) return 'A name has at most 40 characters.';
  if (/[#·•|\p{Cc}\p{Cf}]/u.test(name)) return 'A name cannot contain #, ·, • or |, which the store uses to show a player’s tag.';
  return null;
}

/** What the store calls an account: its name (one displayNameRefusal accepts), else its email, else "Guest" (a game's guest account has neither). */
export const accountNameOf = (account: { displayName: string | null; email: string | null }) =>
  (account.displayName && !displayNameRefusal(account.displayName) ? account.displayName : null) || account.email || 'Guest';

/** "Signed in as Guest · #K7Q2M4XD" */
export const signedInAsText = (account: { uid: string; displayName: string | null; email: string | null }) =>
  `Signed in as ${accountNameOf(account)} · #${playerTagOf(account.uid)}`;
