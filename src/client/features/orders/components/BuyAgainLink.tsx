import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { usePrefetch } from '../../../wiring/billingDetailsApi';
import { prefetchPage } from '../../../lib/navigation';
import { whenPageIsIdle } from '../../../lib/whenPageIsIdle';
import { shopItemPath } from '../../../../shared/routes';
import { usePurchasePaused } from '../../protections';
import { ordersTexts } from '../ordersTexts';

/**
 * Buy Again on a sold order, to the pack's form; none for an order too old to name its pack, and none while a
 * dispute pauses the player's buying (the orders page says why), so no press leads to a refusal.
 */
export function BuyAgainLink({ packId, productName, testId }: { packId: number | null; productName: string; testId?: string }) {
  const paused = usePurchasePaused();
  const live = packId !== null && !paused;
  // Once the page is idle, the checkout's chunks and the remembered details load ahead: Buy Again shows a form
  // ready for Submit, not one that is still arriving (a second link asks for what is already loaded, and costs nothing).
  const prefetchDetails = usePrefetch('billingDetails');
  useEffect(() => {
    if (!live || packId === null) return;
    whenPageIsIdle(() => {
      prefetchPage(shopItemPath(packId));
      prefetchDetails(undefined, { ifOlderThan: 60 });
    });
  }, [live, packId, prefetchDetails]);
  if (!live) return null;
  return (
    <Link to={shopItemPath(packId)} aria-label={ordersTexts.buyAgainLabel(productName)} data-testid={testId}>
      {ordersTexts.buyAgain}
    </Link>
  );
}
