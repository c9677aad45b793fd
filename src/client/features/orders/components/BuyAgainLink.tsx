import { Link } from 'react-router-dom';
import { shopItemPath } from '../../../../shared/routes';
import { usePurchasePaused } from '../../protections';
import { ordersTexts } from '../ordersTexts';

/**
 * Buy Again on a sold order, to the pack's form; none for an order too old to name its pack, and none while a
 * dispute pauses the player's buying (the orders page says why), so no press leads to a refusal.
 */
export function BuyAgainLink({ packId, productName, testId }: { packId: number | null; productName: string; testId?: string }) {
  const paused = usePurchasePaused();
  if (packId === null || paused) return null;
  return (
    <Link to={shopItemPath(packId)} aria-label={ordersTexts.buyAgainLabel(productName)} data-testid={testId}>
      {ordersTexts.buyAgain}
    </Link>
  );
}
