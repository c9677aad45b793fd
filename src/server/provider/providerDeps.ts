import type { Settings } from '../config/settings';
import type { DisputesRepository } from '../disputes/disputesRepository';
import type { Logger } from '../lib/logger';
import type { OrdersRepository } from '../orders/ordersRepository';
import type { GatewayClient } from './gatewayClient';
import type { ProviderNoticesRepository } from './providerNoticesRepository';

/** What asking the provider and applying its word use: the order's record, the provider, and its notices. */
export interface ProviderDeps {
  settings: Settings;
  orders: OrdersRepository;
  providerNotices: ProviderNoticesRepository;
  /** A dispute notice comes in on the same callback as a payment's. */
  disputes: DisputesRepository;
  gateway: GatewayClient;
  log: Logger;
}
