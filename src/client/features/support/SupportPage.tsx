import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageHeading, PageSection } from '../../components/Page';
import { usePageTitle } from '../../hooks/usePageTitle';
import { AttentionPanel } from './components/AttentionPanel';
import { HealthPanel } from './components/HealthPanel';
import { RefundQueuePanel } from './components/RefundQueuePanel';
import { SearchPanel } from './components/SearchPanel';
import { Stack, StaffOnly } from './components/StaffOnly';
import { consoleOpened, selectSupportAccess } from './supportSlice';
import { supportTexts } from './supportTexts';
import { disputesTexts } from './supportDisputesTexts';
import { overviewTexts } from './supportOverviewTexts';

/** /support: health at a glance, order search, the refund queue and the game's events left for support, for staff only. */
export default function SupportPage() {
  const dispatch = useAppDispatch();
  const access = useAppSelector(selectSupportAccess);
  usePageTitle(access === 'granted' ? supportTexts.title : undefined, { skip: access === 'denied' });
  useEffect(() => {
    dispatch(consoleOpened());
  }, [dispatch]);
  return (
    <StaffOnly onRetry={() => dispatch(consoleOpened())}>
      <PageSection>
        <PageHeading>{supportTexts.title}</PageHeading>
        <p>
          <Link to={ROUTES.supportOffers}>{supportTexts.offersLink}</Link> · <Link to={ROUTES.supportDisputes}>{disputesTexts.link}</Link> · <Link to={ROUTES.supportOverview}>{overviewTexts.link}</Link>
        </p>
        <Stack>
          <HealthPanel />
          <SearchPanel />
          <RefundQueuePanel />
          <AttentionPanel />
        </Stack>
      </PageSection>
    </StaffOnly>
  );
}
