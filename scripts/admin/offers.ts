import { storedCatalogue } from '../../src/server/catalogue/publishedCatalogue';
import { firestoreCatalogue } from '../../src/server/catalogue/catalogueRepository';
import { firestoreOffers } from '../../src/server/offers/offersRepository';
import { COMMAND_LINE_ACTOR, endOffer, startFirstPurchase } from '../../src/server/offers/offersService';
import { firestoreOrders } from '../../src/server/orders/ordersRepository';
import { FIRST_PURCHASE_OFFER_ID } from '../../src/shared/offers/offer';
import { OFFER_LIMITS } from '../../src/shared/validation/offer';
import { runFirestoreCommand } from './firestoreCommand';

/**
 * `npm run offers -- start first-purchase --percent 100` / `npm run offers -- end first-purchase`: starts (or
 * changes) and ends the first-purchase bonus, as the support console's offers screen does, audited as
 * "npm run offers": against the Firestore emulator of a running `npm start` locally, against the configured
 * project in production (with the server's Google credentials).
 */
const USAGE = `Usage: npm run offers -- start ${FIRST_PURCHASE_OFFER_ID} --percent <1-${OFFER_LIMITS.percentMax}>   or   npm run offers -- end ${FIRST_PURCHASE_OFFER_ID}`;

/** The percentage asked for, or null when the arguments do not say one the store takes. */
function percentOf(args: string[]): number | null {
  const at = args.indexOf('--percent');
  const text = at >= 0 ? args[at + 1] ?? '' : '';
  const percent = Number(text);
  return /^\d+$/.test(text) && percent >= 1 && percent <= OFFER_LIMITS.percentMax ? percent : null;
}

async function main(): Promise<number> {
  const [action, offer, ...rest] = process.argv.slice(2);
  const percent = percentOf(rest);
  if (offer !== FIRST_PURCHASE_OFFER_ID || !((action === 'start' && percent !== null) || (action === 'end' && rest.length === 0))) {
    console.error(USAGE);
    return 2;
  }
  return runFirestoreCommand('change the offer', async ({ settings, db, where }) => {
    const deps = { settings, offers: firestoreOffers(db), orders: firestoreOrders(db, settings), catalogue: storedCatalogue(firestoreCatalogue(db)) };
    if (action === 'start') {
      await startFirstPurchase(deps, COMMAND_LINE_ACTOR, percent!);
      console.log(`The first-purchase bonus (+${percent} % gems on a player's first paid order, every pack, no end) runs from now, on ${where}.`);
      return;
    }
    const ended = await endOffer(deps, COMMAND_LINE_ACTOR, FIRST_PURCHASE_OFFER_ID).catch((error: { status?: number }) => {
      if (error.status === 404) return null;
      throw error;
    });
    console.log(ended ? `The first-purchase bonus has ended, on ${where}. Orders made under it keep their bonus.` : `No first-purchase bonus was ever started on ${where}.`);
  });
}

main().then((code) => process.exit(code));
