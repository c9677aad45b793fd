import { PageSection } from '../../components/Page';
import { PageTransition } from '../../components/pageTransition/pageTransition';
import { usePageTitle } from '../../hooks/usePageTitle';
import { DownloadCard } from './DownloadCard';
import { WelcomeBlock } from './WelcomeBlock';

export default function HomePage() {
  usePageTitle();
  return (
    <PageTransition>
      <PageSection>
        <DownloadCard />
        <WelcomeBlock />
      </PageSection>
    </PageTransition>
  );
}
