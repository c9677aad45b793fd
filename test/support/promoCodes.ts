import { storedCatalogue } from '../../src/server/catalogue/publishedCatalogue';
import { firestoreCatalogue } from '../../src/server/catalogue/catalogueRepository';
import { firestoreOffers } from '../../src/server/offers/offersRepository';
import { createOffer } from '../../src/server/offers/offersService';
import { firestoreOrderRepositories } from '../../src/server/orderRepositories';
import { offerFormSchema, type OfferFormData } from '../../src/shared/validation/offer';
import { ownerDb, stackSettings } from './paymentsHarness';

/** The staff form of a promo code worth 500 gems on every pack, running since 2020, with the caps given (empty: none). */
export const promoCodeForm = (code: string, totalUses: string, perPlayerUses: string): OfferFormData => ({
  kind: 'promoCode', title: 'Dragon Week', bonusUnit: 'gems', bonusAmount: '500', packId: '', startsAt: '2020-01-01T00:00', endsAt: '', code, totalUses, perPlayerUses,
});

/** A fresh code on the shared stack's database, made as staff make one (a code applies only to orders that name it). */
export async function newPromoCode(prefix: string, totalUses: string, perPlayerUses: string): Promise<string> {
  const code = `${prefix}-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
  const deps = {
    settings: stackSettings,
    offers: firestoreOffers(ownerDb()),
    orders: firestoreOrderRepositories(ownerDb(), stackSettings).orders,
    catalogue: storedCatalogue(firestoreCatalogue(ownerDb())),
  };
  await createOffer(deps, 'staff@wyrmcrown.example', offerFormSchema(stackSettings.STORE_TIME_ZONE).parse(promoCodeForm(code, totalUses, perPlayerUses)));
  return code;
}
