import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DISPUTE_ORDER_PARAM, ROUTES } from '../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FormError, FormStatus } from '../../components/form/FormFeedback';
import { PageHeading, PageSection } from '../../components/Page';
import { usePageTitle } from '../../hooks/usePageTitle';
import { DisputeQueuePanel } from './components/DisputeQueuePanel';
import { EvidencePackPanel } from './components/EvidencePackPanel';
import { RecordDisputeForm } from './components/RecordDisputeForm';
import { Stack, StaffOnly } from './components/StaffOnly';
import { disputeClosed, disputeOpened, disputesScreenOpened, selectSupportDisputes } from './supportDisputesSlice';
import { disputesTexts } from './supportDisputesTexts';
import { selectSupportAccess } from './supportSlice';
import { supportTexts } from './supportTexts';

/** /support/disputes: the disputes queue, one dispute's evidence pack (?order=), and a dispute recorded by hand. */
export default function SupportDisputesPage() {
  const dispatch = useAppDispatch();
  const access = useAppSelector(selectSupportAccess);
  const { selected, error, done } = useAppSelector(selectSupportDisputes);
  const [searchParams] = useSearchParams();
  const wanted = searchParams.get(DISPUTE_ORDER_PARAM);
  usePageTitle(access === 'granted' ? `${disputesTexts.title} · ${supportTexts.title}` : undefined, { skip: access === 'denied' });
  useEffect(() => {
    dispatch(disputesScreenOpened());
  }, [dispatch]);
  useEffect(() => {
    if (access !== 'granted') return;
    dispatch(wanted ? disputeOpened(wanted) : disputeClosed());
  }, [dispatch, access, wanted]);
  return (
    <StaffOnly onRetry={() => dispatch(disputesScreenOpened())}>
      <PageSection>
        <PageHeading>{disputesTexts.title}</PageHeading>
        <p>
          <Link to={ROUTES.support}>{supportTexts.backToConsole}</Link>
        </p>
        <Stack>
          {error && <FormError>{error}</FormError>}
          {done && <FormStatus>{done}</FormStatus>}
          {selected && <EvidencePackPanel detail={selected} />}
          <DisputeQueuePanel />
          <RecordDisputeForm />
        </Stack>
      </PageSection>
    </StaffOnly>
  );
}
