import type { Settings } from '../../../src/server/config/settings';
import { silentLogger } from '../../../src/server/lib/logger';
import type { OrderDeps } from '../../../src/server/payments/paymentDeps';
import { fakeGateway } from '../fakeGateway';
import { memoryOffers } from './memoryOffers';
import { memoryStore } from './memoryStore';

/** What making an order needs, in memory, with a provider whose answers the test sets: for the payment services' unit tests. */
export function memoryPayments(settings: Settings) {
  const memory = memoryStore();
  const provider = fakeGateway();
  const deps: OrderDeps = { settings, ...memory.repositories, offers: memoryOffers(memory).repository, gateway: provider.gateway, log: silentLogger };
  return { deps, memory, provider };
}
