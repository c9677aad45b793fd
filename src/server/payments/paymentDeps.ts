import type { CatalogueReader } from '../catalogue/publishedCatalogue';
import type { OffersRepository } from '../offers/offersRepository';
import type { ProviderDeps } from '../provider/providerDeps';
import type { OrderSlotsRepository } from './orderSlots';
import type { RiskRepository } from '../risk/riskRepository';
import type { CreatorsRepository } from '../creators/creatorsRepository';
import type { TailoringRepository } from '../offers/tailoringRepository';
import type { ProtectionsRepository } from '../protections/protectionsRepository';
import type { GiftRecipients } from '../gifts/giftRecipients';

/** What making an order needs besides the provider's: the places a payment holds, and the offers it may be made under. */
export interface OrderDeps extends ProviderDeps {
  orderSlots: OrderSlotsRepository;
  offers: OffersRepository;
  /** The published packs an order is sold from. */
  catalogue: CatalogueReader;
  /** The creators' codes a payment may be made with. */
  creators: CreatorsRepository;
  /** The risk decision's counts, holds and rules. */
  risk: RiskRepository;
  /** Tailored offers: a player's opt-out, and their first sight of an experiment's arm. */
  tailoring: TailoringRepository;
  /** Whether the player is an adult, for the offers tailored to adults only. */
  protections: Pick<ProtectionsRepository, 'protectionsOf'>;
  /** Where a gift for a friend finds its recipient (player tags and Auth): wired where the API runs. */
  giftRecipients?: GiftRecipients;
}
