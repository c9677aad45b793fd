import { CheckoutScreen } from '../features/payment/screens';
import ShopPage from '../features/shop/ShopPage';

/** /shop joins two features: the shop's pack list, and the payment feature's checkout when `item` names a pack. */
export default function ShopRoute() {
  return <ShopPage checkout={CheckoutScreen} />;
}
