import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../styles/theme';
import { PAGE_LOAD_FAILED_TITLE, PageLoadBoundary } from './PageLoadBoundary';

function ChunkThatFailed(): never {
  throw new Error('Loading chunk 42 failed.');
}

describe('a page whose code could not load', () => {
  it('says so in its place with a way to reload, and a move to another address tries again', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <ThemeProvider theme={theme}>
        <PageLoadBoundary address="/account/orders">
          <ChunkThatFailed />
        </PageLoadBoundary>
      </ThemeProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(PAGE_LOAD_FAILED_TITLE);
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();

    rerender(
      <ThemeProvider theme={theme}>
        <PageLoadBoundary address="/shop">
          <p>The shop</p>
        </PageLoadBoundary>
      </ThemeProvider>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('The shop')).toBeInTheDocument();
  });
});
