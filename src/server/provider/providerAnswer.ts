import { statusFromProvider } from '../../shared/orders/orderStatus';
import type { ProviderAnswer } from '../orders/orderRules';

/**
 * The edge: a status word the provider said (a query's, a cancel's, a signed callback's) read as the store's answer.
 * Nothing past this room sees the word but as the answer's `word`, kept for the audit trail.
 */
export function providerAnswer(word: string): ProviderAnswer {
  return { means: statusFromProvider(word), word };
}
