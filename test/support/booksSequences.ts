import fc from 'fast-check';
import type { PlayerGems } from '../../src/shared/balance';
import type { LedgerEntry } from '../../src/shared/ledger';

/**
 * Random runs of every move of gems, for the books' property tests: the same commands drive the in-memory fakes
 * (src/server/ledger/books.property.test.ts) and the real stack (test/system/booksSequences.test.ts), and what each
 * leaves is compared.
 */
export type DisputeStage = 'opened' | 'won' | 'lost' | 'accepted';
export type BooksCommand =
  /** A pack bought and paid at once, or (late) left under way, as a bank transfer is, to land later. */
  | { move: 'buy'; pack: number; late: boolean }
  | { move: 'land'; order: number }
  /** A refund asked and approved by support; the provider makes it, or refuses. */
  | { move: 'refund'; order: number; refused: boolean }
  | { move: 'dispute'; order: number; stage: DisputeStage }
  | { move: 'writeOff'; order: number }
  /** The next day's daily gift. */
  | { move: 'gift' }
  /** A share (percent) of the balance spent in the game. */
  | { move: 'spend'; share: number };

export const booksCommand: fc.Arbitrary<BooksCommand> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ move: fc.constant('buy' as const), pack: fc.integer({ min: 1, max: 6 }), late: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ move: fc.constant('land' as const), order: fc.nat(9) }) },
  { weight: 3, arbitrary: fc.record({ move: fc.constant('refund' as const), order: fc.nat(9), refused: fc.boolean() }) },
  {
    weight: 6,
    arbitrary: fc.record({
      move: fc.constant('dispute' as const),
      // Mostly the last order (the one a run's later moves most often name), and stages that follow one another.
      order: fc.oneof({ weight: 3, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.nat(9) }),
      stage: fc.oneof(
        { weight: 3, arbitrary: fc.constant<DisputeStage>('opened') },
        { weight: 3, arbitrary: fc.constant<DisputeStage>('won') },
        { weight: 2, arbitrary: fc.constant<DisputeStage>('lost') },
        { weight: 1, arbitrary: fc.constant<DisputeStage>('accepted') },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ move: fc.constant('writeOff' as const), order: fc.oneof({ weight: 3, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.nat(9) }) }) },
  { weight: 2, arbitrary: fc.record({ move: fc.constant('gift' as const) }) },
  // Half the spends all of it, so a dispute after one leaves a debt.
  { weight: 3, arbitrary: fc.record({ move: fc.constant('spend' as const), share: fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 99 })) }) },
);

const buyNow = fc.record({ move: fc.constant('buy' as const), pack: fc.integer({ min: 1, max: 6 }), late: fc.constant(false) });
const onLast = (stage: DisputeStage): BooksCommand => ({ move: 'dispute', order: -1, stage });

/** Short stories random moves seldom tell alone: a debt written off, a dispute won, a chargeback reversed on arbitration. */
const booksStory: fc.Arbitrary<BooksCommand[]> = fc.oneof(
  buyNow.map((buy) => [buy, { move: 'spend', share: 100 }, onLast('opened'), { move: 'writeOff', order: -1 }] as BooksCommand[]),
  buyNow.map((buy) => [buy, onLast('opened'), onLast('won')]),
  buyNow.map((buy) => [buy, onLast('opened'), onLast('lost'), onLast('won')]),
);

/** A run: one player's moves, from 1 to about 30, single moves and short stories mixed. */
export const booksSequence = fc
  .array(fc.oneof({ weight: 5, arbitrary: booksCommand.map((command) => [command]) }, { weight: 1, arbitrary: booksStory }), { minLength: 1, maxLength: 16 })
  .map((parts) => parts.flat());

/** The runs' seed: the same runs on every machine (BOOKS_SEED=n tries others; a failure prints its own). */
export const BOOKS_SEED = Number(process.env.BOOKS_SEED ?? 20_261_129);

/** What a run's moves are made through: the fakes, or the stack. A move the store refuses (a rule of its own) is no error. */
export interface BooksDriver {
  /** The order made, or null when the store would not start it (an open order's cap, buying paused). */
  buy(pack: number, late: boolean): Promise<string | null>;
  land(orderId: string): Promise<void>;
  refund(orderId: string, refused: boolean): Promise<void>;
  dispute(orderId: string, stage: DisputeStage): Promise<void>;
  writeOff(orderId: string): Promise<void>;
  gift(day: number): Promise<void>;
  spend(gems: number, spendId: string): Promise<void>;
  gems(): Promise<PlayerGems>;
}

/** Runs the commands in order; an order is named by its place among those made (wrapping round; -1: the last), a late one among those still to land. */
export async function runBooksSequence(driver: BooksDriver, commands: readonly BooksCommand[]): Promise<void> {
  const orders: string[] = [];
  const late: string[] = [];
  let gifts = 0;
  for (const [step, command] of commands.entries()) {
    const pick = (list: string[], index: number) => (list.length === 0 ? null : index < 0 ? list.at(-1)! : list[index % list.length]!);
    switch (command.move) {
      case 'buy': {
        const orderId = await driver.buy(command.pack, command.late);
        if (orderId) (command.late ? late : orders).push(orderId);
        break;
      }
      case 'land': {
        const orderId = pick(late, command.order);
        if (!orderId) break;
        await driver.land(orderId);
        late.splice(late.indexOf(orderId), 1);
        orders.push(orderId);
        break;
      }
      case 'refund': {
        const orderId = pick(orders, command.order);
        if (orderId) await driver.refund(orderId, command.refused);
        break;
      }
      case 'dispute': {
        const orderId = pick(orders, command.order);
        if (orderId) await driver.dispute(orderId, command.stage);
        break;
      }
      case 'writeOff': {
        const orderId = pick(orders, command.order);
        if (orderId) await driver.writeOff(orderId);
        break;
      }
      case 'gift':
        gifts += 1;
        await driver.gift(gifts);
        break;
      case 'spend': {
        const { balance } = await driver.gems();
        if (balance > 0) await driver.spend(Math.max(1, Math.floor((balance * command.share) / 100)), `s${step}`);
        break;
      }
    }
  }
}

/** A ledger as two runs of the same moves can compare it: each entry's kind and gems and what it left, in order (ids name orders that differ). */
export const ledgerShape = (entries: readonly LedgerEntry[]) => entries.map(({ seq, kind, gems, bonusGems, debtPaid, debtAdded, balanceAfter, debtAfter }) => ({ seq, kind, gems, bonusGems, debtPaid, debtAdded, balanceAfter, debtAfter }));
