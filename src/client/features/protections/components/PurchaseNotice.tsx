import styled from 'styled-components';
import { FormStatus } from '../../../components/form/FormFeedback';
import { shelfNoticeTexts } from '../shelfNoticeTexts';
import { useSpendingLimit } from './useSpendingLimit';

const NoticeBox = styled.div`
  margin-top: 16px;
`;

/** The shop list says why the player cannot buy yet: a player under 13 waits for consent; a dispute pauses buying. */
export function PurchaseNotice() {
  const view = useSpendingLimit();
  if (view?.purchaseBlock === 'guardianConsentNeeded') {
    return (
      <NoticeBox>
        <FormStatus>{shelfNoticeTexts.shopNeedsConsent}</FormStatus>
      </NoticeBox>
    );
  }
  if (view?.purchaseBlock !== 'disputePaused') return null;
  return (
    <NoticeBox data-testid="shop-dispute-paused">
      <FormStatus>
        {shelfNoticeTexts.shopPaused(view.disputedOrders)} {shelfNoticeTexts.disputePausedPlaying}
      </FormStatus>
    </NoticeBox>
  );
}

/** Whether the signed-in player's buying is paused by a dispute (the shop marks every Buy so). */
export function usePurchasePaused(): boolean {
  return useSpendingLimit()?.purchaseBlock === 'disputePaused';
}
