import type { Settings } from '../../../src/server/config/settings';
import { silentLogger } from '../../../src/server/lib/logger';
import type { GatewayClient } from '../../../src/server/provider/gatewayClient';
import { fakeGateway } from '../fakeGateway';
import { memoryBillingProfiles } from './memoryBillingProfiles';
import { memoryOffers } from './memoryOffers';
import { memoryRefunds } from './memoryRefunds';
import type { MemoryStore } from './memoryStore';
import { memorySupport } from './memorySupport';

/** Everything the payments API's routers read, in memory over `memory`: what createApp's `payments.deps` takes in a router test. */
export function memoryApiDeps(settings: Settings, memory: MemoryStore, gateway: GatewayClient = fakeGateway().gateway) {
  const refunds = memoryRefunds(memory);
  return {
    settings,
    ...memory.repositories,
    offers: memoryOffers(memory).repository,
    ...refunds,
    ...memorySupport(memory, refunds),
    billingProfiles: memoryBillingProfiles(),
    gateway,
    log: silentLogger,
  };
}
