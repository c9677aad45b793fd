import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../../shared/routes';
import { PageHeading, PageSection } from '../../../components/Page';
import { Stack } from '../access/StaffOnly';
import { supportTexts } from '../supportTexts';

/** A console area's page (offers, disputes, overview): its heading, the way back to the console, its panels in a stack. */
export function ConsoleArea({ heading, busy, children }: { heading: string; busy?: boolean; children: ReactNode }) {
  return (
    <PageSection>
      <PageHeading>{heading}</PageHeading>
      <p>
        <Link to={ROUTES.support}>{supportTexts.backToConsole}</Link>
      </p>
      <Stack aria-busy={busy}>{children}</Stack>
    </PageSection>
  );
}
