import { privacyDeskTexts } from './privacy/privacyDeskTexts';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { PageHeading, PageSection } from '../../components/Page';
import { HealthPanel } from './access/HealthPanel';
import { Stack, StaffOnly } from './access/StaffOnly';
import { dailyGiftsTexts } from './dailyGifts/dailyGiftsTexts';
import { catalogueTexts } from './catalogue/catalogueTexts';
import { AttentionPanel } from './delivery/AttentionPanel';
import { disputesTexts } from './disputes/disputesTexts';
import { SearchPanel } from './orders/SearchPanel';
import { overviewTexts } from './overview/overviewTexts';
import { RefundQueuePanel } from './refunds/RefundQueuePanel';
import { supportTexts } from './supportTexts';
import { riskConsoleTexts } from './risk/riskTexts';

/** /support: health at a glance, order search, the refund queue and the game's events left for support, for staff only. */
export default function SupportPage() {
  return (
    <StaffOnly title={supportTexts.title}>
      <PageSection>
        <PageHeading>{supportTexts.title}</PageHeading>
        <p>
          <Link to={ROUTES.supportOffers}>{supportTexts.offersLink}</Link> · <Link to={ROUTES.supportDisputes}>{disputesTexts.link}</Link> · <Link to={ROUTES.supportOverview}>{overviewTexts.link}</Link> · <Link to={ROUTES.supportDailyGifts}>{dailyGiftsTexts.title}</Link> · <Link to={ROUTES.supportCatalogue}>{catalogueTexts.link}</Link> · <Link to={ROUTES.supportRisk}>{riskConsoleTexts.rulesTitle}</Link> · <Link to={ROUTES.supportCreators}>Creators and the game’s links</Link> · <Link to={ROUTES.supportPrivacy}>{privacyDeskTexts.link}</Link>
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
