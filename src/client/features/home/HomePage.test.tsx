import { act, screen, waitFor } from '@testing-library/react';
import { renderApp, testConfig } from '../../testing/renderApp';
import { homeTexts } from './homeTexts';

describe('the landing page', () => {
  it('shows the download card with the game name, the exact text and a new-tab Download link', async () => {
    renderApp('/');
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title).toHaveTextContent(`${testConfig.gameName}${homeTexts.downloadTitle}`);
    expect(screen.getByText('Download the game and start your adventure today!')).toBeInTheDocument();
    const download = screen.getByRole('link', { name: /^Download/ });
    expect(download).toHaveAttribute('href', testConfig.downloadUrl);
    expect(download).toHaveAttribute('target', '_blank');
    expect(download).toHaveAttribute('rel', 'noopener noreferrer');
    expect(download).toHaveAccessibleName('Download (opens in a new tab)');
  });

  it('welcomes the visitor to become a king and slay dragons', async () => {
    renderApp('/');
    const welcome = await screen.findByRole('region', { name: 'Welcome to the game' });
    expect(welcome).toHaveTextContent(/king/);
    expect(welcome).toHaveTextContent(/slay the dragons/);
  });

  it('animates in, then holds the navigation for its leave animation before the next page shows', async () => {
    const { router, container } = renderApp('/', { config: { landingAnimationMs: 300 } });
    await screen.findByRole('heading', { level: 1 });
    // The lazily loaded page rendered outside act(); let its effects (the navigation blocker) run.
    await act(async () => undefined);
    expect(container.querySelector('[data-transition]')).toHaveAttribute('data-transition', 'enter');

    act(() => void router.navigate('/information/about-us'));
    await waitFor(() =>
      expect(container.querySelector('[data-transition]')).toHaveAttribute('data-transition', 'leave'),
    );
    expect(router.state.location.pathname).toBe('/');

    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument();
    expect(container.querySelector('[data-transition]')).toBeNull();
  });

  it('does not animate when the duration is 0', async () => {
    const { container, router } = renderApp('/', { config: { landingAnimationMs: 0 } });
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('[data-transition]')).toHaveAttribute('data-transition', 'none');
    await act(() => router.navigate('/shop'));
    expect(await screen.findByRole('heading', { name: 'Gem Shop' })).toBeInTheDocument();
  });
});
