import { lazy, Suspense, type ComponentType } from 'react';
import type { GemPack } from '../../shared/catalogue';
import { ITEM_PARAM } from '../../shared/routes';
import ShopPage from '../features/shop/ShopPage';

type CheckoutScreenType = ComponentType<{ pack: GemPack }>;

/**
 * The checkout's screens (its forms, and the validation rules they bring) load when a pack is chosen, not with
 * the pack list; a visit that starts at a pack's checkout loads them with the route (beforeFirstRender, which
 * routes.tsx awaits), and then renders them at once rather than through a suspended first render.
 */
let loadedCheckout: CheckoutScreenType | null = null;
const loadCheckoutScreens = () =>
  import(/* webpackChunkName: "checkout-screens" */ '../features/payment/screens').then(({ CheckoutScreen }) => {
    loadedCheckout = CheckoutScreen;
    return CheckoutScreen;
  });
export async function beforeFirstRender(): Promise<void> {
  if (typeof window !== 'undefined' && new URLSearchParams(window.location.search).has(ITEM_PARAM)) await loadCheckoutScreens();
}
const LazyCheckoutScreen = lazy(() => loadCheckoutScreens().then((screen) => ({ default: screen })));
function CheckoutScreen(props: { pack: GemPack }) {
  const Loaded = loadedCheckout;
  return Loaded ? <Loaded {...props} /> : <LazyCheckoutScreen {...props} />;
}

/** /shop joins two features: the shop's pack list, and the payment feature's checkout when `item` names a pack. */
export default function ShopRoute() {
  return (
    // Choosing a pack is a navigation, which waits in a transition for the checkout's chunk with the list still
    // shown; nothing shows in its place meanwhile.
    <Suspense fallback={null}>
      <ShopPage checkout={CheckoutScreen} />
    </Suspense>
  );
}
