import type { ReactNode } from 'react';
import styled from 'styled-components';
import { errorMessage } from '../../../wiring/serverApi';
import { SecondaryButton } from '../../../components/Button';
import { NotFoundView } from '../../../components/NotFoundView';
import { PageSection } from '../../../components/Page';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { supportTexts } from '../supportTexts';
import { useStaffAccess } from './staffAccessApi';

/** The console's panels, one above the other. */
export const Stack = styled.div`
  display: grid;
  gap: 20px;

  /* A wide table scrolls inside its panel instead of widening the page. */
  > * {
    min-width: 0;
  }
`;

/**
 * The checks every console page makes first: staff see it (titled `title`), everyone else sees not-found. Each
 * page asks afresh as it opens (a role taken away since shows at once).
 */
export function StaffOnly({ title, children }: { title: string; children: ReactNode }) {
  const { data, error, refetch } = useStaffAccess();
  const granted = data?.granted === true;
  usePageTitle(granted ? title : undefined, { skip: data?.granted === false });
  if (data?.granted === false) return <NotFoundView />;
  if (!granted) {
    const failed = errorMessage(error);
    return (
      <PageSection aria-busy={!failed}>
        <p role="status">{failed ?? supportTexts.checking}</p>
        {failed && (
          <SecondaryButton type="button" onClick={() => void refetch()}>
            {supportTexts.retry}
          </SecondaryButton>
        )}
      </PageSection>
    );
  }
  return <>{children}</>;
}
