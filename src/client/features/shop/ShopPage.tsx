import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import type { GemPack } from '../../../shared/catalogue';
import { useAppSelector } from '../../wiring/hooks';
import { selectShelfPack } from './shopSlice';
import { ITEM_PARAM, ROUTES } from '../../../shared/routes';
import { PageSection } from '../../components/Page';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PackList } from './components/PackList';
import { noteFunnel } from '../../lib/funnel';

/** The console's preview of the draft (staff only): loads with it, never with the shop. */
const DraftPreview = lazy(() => import(/* webpackChunkName: "shop-draft-preview" */ './preview/DraftPreview'));
export const PREVIEW_PARAM = 'preview';

interface ShopLocationState {
  unknownPack?: boolean;
}

interface ShopPageProps {
  /** The payment feature's screen for one pack: the app joins the two features (see app/shopRoute). */
  paymentScreen: ComponentType<{ pack: GemPack }>;
}

/** /shop: the pack list, or the payment screen when `item` names a pack; any other `item` goes back to /shop. */
export default function ShopPage({ paymentScreen: PaymentScreen }: ShopPageProps) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const item = searchParams.get(ITEM_PARAM);
  // A pack the shelf does not sell now (retired, not started, ended) is one the shop does not know.
  const pack = useAppSelector((state) => (item === null ? undefined : selectShelfPack(state, item)));
  // The payment screen names its own steps.
  usePageTitle(pack ? undefined : 'Gem Shop', { skip: Boolean(pack) });
  // The funnel's first step: the pack list seen (the payment screen is a later one).
  const showsList = item === null;
  useEffect(() => {
    if (showsList) noteFunnel('shopVisit');
  }, [showsList]);

  if (item !== null && !pack) {
    return <Navigate to={ROUTES.shop} replace state={{ unknownPack: true } satisfies ShopLocationState} />;
  }
  return (
    <PageSection>
      {searchParams.get(PREVIEW_PARAM) === 'draft' && (
        <Suspense fallback={null}>
          <DraftPreview />
        </Suspense>
      )}
      {pack ? (
        <PaymentScreen key={pack.id} pack={pack} />
      ) : (
        <PackList unknownPack={Boolean((location.state as ShopLocationState | null)?.unknownPack)} />
      )}
    </PageSection>
  );
}
