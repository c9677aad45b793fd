import { act, screen } from '@testing-library/react';
import { renderApp, testConfig } from '../../testing/renderApp';
import { homeTexts } from './homeTexts';

describe('the landing page', () => {
  it('shows the download card with the game name, the exact text and a new-tab Download link', async () => {
    await renderApp('/');
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
    await renderApp('/');
    const welcome = await screen.findByRole('region', { name: 'Welcome to the game' });
    expect(welcome).toHaveTextContent(/king/);
    expect(welcome).toHaveTextContent(/slay the dragons/);
  });

  it('animates in, then holds the navigation for exactly its leave animation', async () => {
    const { history, container } = await renderApp('/', { config: { landingAnimationMs: 300 } });
    await screen.findByRole('heading', { level: 1 });
    // The lazily loaded page rendered outside act(); give React's scheduler a tick to install its leave guard.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const transition = () => container.querySelector('[data-transition]');
    expect(transition()).toHaveAttribute('data-transition', 'enter');

    jest.useFakeTimers();
    try {
      await act(async () => history.push('/information/about-us'));
      expect(transition()).toHaveAttribute('data-transition', 'leave');
      act(() => jest.advanceTimersByTime(299));
      expect(history.location.pathname).toBe('/');
      await act(async () => jest.advanceTimersByTime(1));
      expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument();
      expect(transition()).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not animate when the duration is 0', async () => {
    const { container, history } = await renderApp('/', { config: { landingAnimationMs: 0 } });
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('[data-transition]')).toHaveAttribute('data-transition', 'none');
    await act(async () => history.push('/shop'));
    expect(await screen.findByRole('heading', { name: 'Gem Shop' })).toBeInTheDocument();
  });
});
