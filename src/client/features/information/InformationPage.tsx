import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PageHeading, PageSection, Prose } from '../../components/Page';
import { usePageTitle } from '../../hooks/usePageTitle';
import { policyFacts } from '../../../shared/policy';

const Updated = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  margin-top: -0.4em;
`;

/** The frame shared by the four information pages: a heading and a readable text panel. */
export function InformationPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <PageSection>
      <PageHeading>{title}</PageHeading>
      <Updated>Last updated {policyFacts.lastUpdated}</Updated>
      <Prose>{children}</Prose>
    </PageSection>
  );
}
