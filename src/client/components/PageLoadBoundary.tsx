import { Component, type ReactNode } from 'react';
import { Button } from './Button';
import { PageHeading, PageSection } from './Page';

export const PAGE_LOAD_FAILED_TITLE = 'This page could not load';

interface Props {
  /** The address shown: a move to another one tries again. */
  address: string;
  children: ReactNode;
}

/**
 * What a page whose code could not be fetched (a dropped connection, a deployment that replaced its chunks)
 * shows in its place, instead of the whole app going blank. The layout around it keeps working, and moving to
 * another address tries again.
 */
export class PageLoadBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A page could not load:', error);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.address !== this.props.address) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <PageSection role="alert">
        <PageHeading>{PAGE_LOAD_FAILED_TITLE}</PageHeading>
        <p>Check your connection, then reload the page.</p>
        <p>
          <Button type="button" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </p>
      </PageSection>
    );
  }
}
