import { lazy, Suspense, type ComponentType } from 'react';
import type { GemPack } from '../../shared/catalogue';
import { ITEM_PARAM } from '../../shared/routes';
import ShopPage from '../features/shop/ShopPage';

type PaymentScreenType = ComponentType<{ pack: GemPack }>;

/**
 * The payment screens (its forms, and the validation rules they bring) load when a pack is chosen, not with
 * the pack list; a visit that starts at a pack's payment screen loads them with the route (beforeFirstRender, which
 * routes.tsx awaits), and then renders them at once rather than through a suspended first render.
 */
let loadedPaymentScreen: PaymentScreenType | null = null;
const loadPaymentScreens = () =>
  import(/* webpackChunkName: "payment-screens" */ '../features/payment/screens').then(({ PaymentScreen }) => {
    loadedPaymentScreen = PaymentScreen;
    return PaymentScreen;
  });
export async function beforeFirstRender(): Promise<void> {
  if (typeof window !== 'undefined' && new URLSearchParams(window.location.search).has(ITEM_PARAM)) await loadPaymentScreens();
}
const LazyPaymentScreen = lazy(() => loadPaymentScreens().then((screen) => ({ default: screen })));
function PaymentScreen(props: { pack: GemPack }) {
  const Loaded = loadedPaymentScreen;
  return Loaded ? <Loaded {...props} /> : <LazyPaymentScreen {...props} />;
}

/** /shop joins two features: the shop's pack list, and the payment feature's screen when `item` names a pack. */
export default function ShopRoute() {
  return (
    // Choosing a pack is a navigation, which waits in a transition for the payment screen's chunk with the list still
    // shown; nothing shows in its place meanwhile.
    <Suspense fallback={null}>
      <ShopPage paymentScreen={PaymentScreen} />
    </Suspense>
  );
}
