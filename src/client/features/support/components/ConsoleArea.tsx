import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../../shared/routes';
import { PageHeading, PageSection } from '../../../components/Page';
import { FormError } from '../../../components/form/FormFeedback';
import { errorMessage } from '../../../wiring/serverApi';
import { Stack, StaffOnly } from '../access/StaffOnly';
import { supportTexts } from '../supportTexts';

/**
 * A console area's page (offers, disputes, overview…), its route's default export: staff only, its tab titled
 * "<area> · Support console"; `Area` is what staff see.
 */
export function consoleAreaPage(title: string, Area: ComponentType): ComponentType {
  return function ConsoleAreaPage() {
    return (
      <StaffOnly title={`${title} · ${supportTexts.title}`}>
        <Area />
      </StaffOnly>
    );
  };
}

/**
 * A console area's content: its heading, the way back to the console, why its data could not be read (`error`, an
 * RTK Query failure), its panels in a stack.
 */
export function ConsoleArea({ heading, busy, error, children }: { heading: string; busy?: boolean; error?: unknown; children: ReactNode }) {
  return (
    <PageSection>
      <PageHeading>{heading}</PageHeading>
      <p>
        <Link to={ROUTES.support}>{supportTexts.backToConsole}</Link>
      </p>
      <Stack aria-busy={busy}>
        {error ? <FormError>{errorMessage(error)}</FormError> : null}
        {children}
      </Stack>
    </PageSection>
  );
}
