import { lazy, Suspense, type ComponentType } from 'react';
import type { GemPack } from '../../shared/catalogue';
import { ITEM_PARAM } from '../../shared/routes';
import { hasRememberedOrder } from '../features/payment';
import ShopPage from '../features/shop/ShopPage';
import { startFeatureSagas } from '../wiring/featureRuntime';

type PaymentScreenType = ComponentType<{ pack: GemPack }>;

/**
 * The payment feature (its state and sagas, and its screens with the validation rules they bring) loads
 * when a pack is chosen, not with the pack list: both chunks at once, the sagas started before the screen renders,
 * so none of its actions is missed. A visit that starts at a pack's payment screen, or a tab whose payment showed an
 * order before a reload, loads them with the route (beforeFirstRender, which routes.tsx awaits) and renders them at
 * once rather than through a suspended first render.
 */
let loadedPaymentScreen: PaymentScreenType | null = null;
let loadingPaymentScreens: Promise<PaymentScreenType> | null = null;
const loadPaymentScreens = () =>
  (loadingPaymentScreens ??= Promise.all([
    import(/* webpackChunkName: "payment-screens" */ '../features/payment/screens'),
    import(/* webpackChunkName: "feature-payment" */ '../features/payment/feature').then(({ featureSagas }) => startFeatureSagas(featureSagas)),
  ]).then(
    ([{ PaymentScreen }]) => {
      loadedPaymentScreen = PaymentScreen;
      return PaymentScreen;
    },
    (error: unknown) => {
      loadingPaymentScreens = null; // a later visit tries again
      throw error;
    },
  ));
export async function beforeFirstRender(): Promise<void> {
  if (typeof window === 'undefined') return;
  if (new URLSearchParams(window.location.search).has(ITEM_PARAM) || hasRememberedOrder()) await loadPaymentScreens();
}
/** A press that will likely open a pack's payment screen (Buy Again) is near: its chunks load ahead. */
export async function prefetchFor(search: string): Promise<void> {
  if (new URLSearchParams(search).has(ITEM_PARAM)) await loadPaymentScreens();
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
