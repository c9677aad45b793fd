import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STARTING_PACKS } from '../../../shared/startingCatalogue';
import { renderApp, signedInState } from '../../testing/renderApp';
import { shopTexts } from './shopTexts';

const requests = (actions: Array<{ type: string; payload?: unknown }>, type: string) =>
  actions.filter((action) => action.type === type);

describe('the pack list', () => {
  it('shows six packs with image, title, gems, price with GST, price per 100 gems and Buy; the cheapest per gem is best value', async () => {
    await renderApp('/shop');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(6);
    STARTING_PACKS.forEach((pack, index) => {
      const card = within(cards[index]!);
      expect(card.getByRole('heading', { name: pack.title })).toBeInTheDocument();
      expect(card.getByRole('img')).toHaveAccessibleName();
      // The visible word is Buy; the name says which pack.
      expect(card.getByRole('button', { name: `Buy ${pack.title}` })).toHaveTextContent(/^Buy/);
    });
    expect(within(cards[2]!).getByText('3,500 gems')).toBeInTheDocument();
    expect(cards[2]).toHaveTextContent('A$45.99 (incl. A$4.18 GST)');
    expect(cards[2]).toHaveTextContent('A$1.31 per 100 gems');
    expect(cards[5]).toHaveTextContent('A$0.86 per 100 gems');
    expect(screen.getAllByText('Best value')).toHaveLength(1);
    expect(within(cards[5]!).getByText('Best value')).toBeInTheDocument();
  });

  it('Buy hands the pack to the buy flow', async () => {
    const { actions } = await renderApp('/shop');
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Pouch of Gem' }));
    expect(requests(actions, 'shop/buyClicked')).toEqual([{ type: 'shop/buyClicked', payload: { packId: 3 } }]);
  });
});

describe('the item parameter', () => {
  it('for an anonymous visitor shows the pack and a sign-in link that carries it, not a form', async () => {
    await renderApp('/shop?item=3');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in to buy' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Your pack' })).toHaveTextContent('Pouch of Gem');
    expect(screen.getByRole('link', { name: 'Sign in to buy' })).toHaveAttribute('href', '/signin-signup?item=3');
    expect(screen.queryByRole('form', { name: 'Payment details' })).not.toBeInTheDocument();
  });

  it('with a valid pack id shows its form and summary instead of the list', async () => {
    await renderApp('/shop?item=3', { state: signedInState });
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toHaveFocus();
    const summary = screen.getByRole('article', { name: 'Your pack' });
    expect(summary).toHaveTextContent('Pouch of Gem');
    expect(summary).toHaveTextContent('3,500 gems');
    expect(summary).toHaveTextContent('$45.99');
    expect(screen.queryByRole('button', { name: /^Buy/ })).not.toBeInTheDocument();
  });

  it.each(['99', '0', 'abc', '3;drop', ''])('with %p goes back to plain /shop and says why', async (item) => {
    const { history } = await renderApp(`/shop?item=${encodeURIComponent(item)}`);
    expect(await screen.findByText(shopTexts.unknownPack)).toBeInTheDocument();
    expect(history.location.pathname + history.location.search).toBe('/shop');
    expect(screen.getAllByRole('article')).toHaveLength(6);
  });
});

describe('the nav Shop link from a form', () => {
  it('returns to the list in a fresh state; back returns to the form', async () => {
    const { history, actions } = await renderApp('/shop?item=3', { state: signedInState });
    await screen.findByRole('form', { name: 'Payment details' });
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Shop' }));
    expect(await screen.findAllByRole('article')).toHaveLength(6);
    expect(history.location.search).toBe('');
    expect(requests(actions, 'payment/left')).toHaveLength(1);
    await act(async () => history.go(-1));
    expect(await screen.findByRole('form', { name: 'Payment details' })).toBeInTheDocument();
  });
});
