import { Link } from 'react-router-dom';
import { ROUTES } from '../../shared/routes';
import { usePageTitle } from '../hooks/usePageTitle';
import { PageHeading, PageSection } from './Page';

export const NOT_FOUND_TITLE = 'Lost in the wilds';

/** What any address that leads nowhere shows, and what a page a visitor may not see shows instead. */
export function NotFoundView() {
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
