import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useAppSelector } from '../../../app/hooks';
import { SecondaryButton } from '../../../components/Button';
import { NotFoundView } from '../../../components/NotFoundView';
import { PageSection } from '../../../components/Page';
import { selectHealth, selectSupportAccess } from '../supportSlice';
import { supportTexts } from '../supportTexts';

/** The console's panels, one above the other. */
export const Stack = styled.div`
  display: grid;
  gap: 20px;

  /* A wide table scrolls inside its panel instead of widening the page. */
  > * {
    min-width: 0;
  }
`;

/** The checks every console page makes first: staff see it, everyone else sees not-found. */
export function StaffOnly({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  const access = useAppSelector(selectSupportAccess);
  const { error } = useAppSelector(selectHealth);
  if (access === 'denied') return <NotFoundView />;
  if (access !== 'granted') {
    return (
      <PageSection aria-busy={!error}>
        <p role="status">{error ?? supportTexts.checking}</p>
        {error && (
          <SecondaryButton type="button" onClick={onRetry}>
            {supportTexts.retry}
          </SecondaryButton>
        )}
      </PageSection>
    );
  }
  return <>{children}</>;
}

