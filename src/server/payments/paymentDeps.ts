import type { CatalogueReader } from '../catalogue/publishedCatalogue';
import type { Settings } from '../config/settings';
import type { DisputesRepository } from '../disputes/disputesRepository';
import type { Logger } from '../logger';
import type { OffersRepository } from '../offers/offersRepository';
import type { OrdersRepository } from '../orders/ordersRepository';
import type { GatewayClient } from './gatewayClient';
import type { OrderSlotsRepository } from './orderSlots';
import type { ProviderNoticesRepository } from './providerNoticesRepository';

/** What a payment's steps use after the order exists: its record, the provider, and its notices. */
export interface PaymentDeps {
  settings: Settings;
  orders: OrdersRepository;
  providerNotices: ProviderNoticesRepository;
  /** A dispute notice comes in on the same callback as a payment's. */
  disputes: DisputesRepository;
  gateway: GatewayClient;
  log: Logger;
}

/** What making an order needs besides: the places a payment holds, and the offers it may be made under. */
export interface OrderDeps extends PaymentDeps {
  orderSlots: OrderSlotsRepository;
  offers: OffersRepository;
  /** The published packs an order is sold from. */
  catalogue: CatalogueReader;
}
