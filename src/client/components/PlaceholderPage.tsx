import { PageHeading, PageSection } from './Page';
import { usePageTitle } from '../hooks/usePageTitle';

/** A page whose feature has not landed yet: its heading and one honest sentence. */
export function PlaceholderPage({ title, text }: { title: string; text: string }) {
  usePageTitle(title);
  return (
    <PageSection>
      <PageHeading>{title}</PageHeading>
      <p>{text}</p>
    </PageSection>
  );
}
