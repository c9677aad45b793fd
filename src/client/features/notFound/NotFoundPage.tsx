import { Link } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { PageHeading, PageSection } from '../../components/Page';
import { usePageTitle } from '../../hooks/usePageTitle';

export const NOT_FOUND_TITLE = 'Lost in the wilds';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <PageSection>
      <PageHeading>{NOT_FOUND_TITLE}</PageHeading>
      <p>No road leads to this page: it may have moved, or a dragon may have eaten it.</p>
      <p>
        <Link to={ROUTES.home}>Return to the castle</Link> or <Link to={ROUTES.shop}>visit the gem shop</Link>.
      </p>
    </PageSection>
  );
}
