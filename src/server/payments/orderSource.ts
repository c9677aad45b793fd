import type { OrderSource, SourceTouch } from '../../shared/saleSource';
import type { PaymentInput } from './paymentInput';

/** A touch's time from the page is its own; one ahead of the server's clock is read as now. */
const notAhead = (touch: SourceTouch, now: number): SourceTouch => (touch.at > now ? { ...touch, at: now } : touch);

/**
 * The source an order records: the page's touches; a page that sent none (an older page, a script) gets one from the
 * store: signed in with the game, the game's sign-in; otherwise direct. So every order carries one.
 */
export function orderSourceOf(input: Pick<PaymentInput, 'source' | 'session'>, now: number): OrderSource {
  if (input.source) return { first: notAhead(input.source.first, now), last: notAhead(input.source.last, now) };
  const touch: SourceTouch = { source: input.session ? 'gameSignIn' : 'direct', at: now };
  return { first: touch, last: touch };
}
