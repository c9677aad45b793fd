import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderApp, testConfig } from '../../testing/renderApp';

describe('the page frame', () => {
  it('has the brand link and the three nav links', async () => {
    await renderApp('/information/about-us');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: testConfig.gameName })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
    expect(within(nav).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin-signup');
  });

  it('marks the current page in the nav', async () => {
    await renderApp('/shop');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await screen.findByRole('heading', { level: 1 });
    expect(within(nav).getByRole('link', { name: 'Shop' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('has a footer with company, operator, support mail, policies and this year', async () => {
    await renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent(testConfig.companyName);
    expect(footer).toHaveTextContent(testConfig.operatorLine);
    expect(within(footer).getByRole('link', { name: testConfig.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${testConfig.supportEmail}`,
    );
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} ${testConfig.companyName}`);
    const policies = within(within(footer).getByRole('navigation', { name: 'Information' })).getAllByRole('link');
    expect(policies.map((link) => link.getAttribute('href'))).toEqual([
      '/information/about-us',
      '/information/privacy-policy',
      '/information/refund-policy',
      '/information/terms-of-service',
    ]);
  });

  it('shows the not-found page for an unknown address', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lost in the wilds' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to the castle' })).toHaveAttribute('href', '/');
  });

  it("keeps the phone's menu open when it is pressed while a move to another page is still being rendered, and does not open it again on coming back", async () => {
    const { history } = await renderApp('/information/about-us');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const menu = within(nav).getByRole('button', { name: 'Menu' });
    // The router renders a move as a transition: the press is handled before the new page is.
    history.push('/shop');
    fireEvent.click(menu);
    await screen.findByRole('heading', { level: 1, name: /shop/i });
    expect(menu).toHaveAttribute('aria-expanded', 'true');

    await act(async () => history.push('/information/about-us'));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await act(async () => history.push('/shop'));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
