import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GEM_PACKS } from '../../../shared/catalogue';
import { renderApp } from '../../testing/renderApp';
import { samplePaymentDetails, samplePlayer } from '../../../../test/fixtures/samples';
import { authSlice } from '../auth';
import { countriesFailed, countriesLoaded } from './shopSlice';
import { paymentTexts } from '../payment/paymentTexts';
import { shopTexts } from './shopTexts';

const player = samplePlayer;
const signedIn = { auth: { ...authSlice.getInitialState(), user: player } };
const countries = [
  { name: 'Australia', alpha2Code: 'AU' },
  { name: 'New Zealand', alpha2Code: 'NZ' },
];
const requests = (actions: Array<{ type: string; payload?: unknown }>, type: string) =>
  actions.filter((action) => action.type === type);

describe('the pack list', () => {
  it('shows six packs with image, title, gems, price and Buy, and says GST once', async () => {
    renderApp('/shop');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(6);
    GEM_PACKS.forEach((pack, index) => {
      const card = within(cards[index]!);
      expect(card.getByRole('heading', { name: pack.title })).toBeInTheDocument();
      expect(card.getByRole('img')).toHaveAccessibleName();
      expect(card.getByRole('button', { name: 'Buy' })).toBeInTheDocument();
    });
    expect(within(cards[2]!).getByText('3,500 gems')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('$45.99')).toBeInTheDocument();
    expect(screen.getAllByText(/GST/)).toHaveLength(1);
  });

  it('Buy hands the pack to the buy flow', async () => {
    const { actions } = renderApp('/shop');
    const cards = await screen.findAllByRole('article');
    await userEvent.click(within(cards[2]!).getByRole('button', { name: 'Buy' }));
    expect(requests(actions, 'shop/buyClicked')).toEqual([{ type: 'shop/buyClicked', payload: { packId: 3 } }]);
  });
});

describe('the item parameter', () => {
  it('with a valid pack id shows its form and summary instead of the list', async () => {
    renderApp('/shop?item=3', { state: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    const summary = screen.getByRole('article', { name: 'Your pack' });
    expect(summary).toHaveTextContent('Pouch of Gem');
    expect(summary).toHaveTextContent('3,500 gems');
    expect(summary).toHaveTextContent('$45.99');
    expect(screen.queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();
  });

  it.each(['99', '0', 'abc', '3;drop', ''])('with %p goes back to plain /shop and says why', async (item) => {
    const { router } = renderApp(`/shop?item=${encodeURIComponent(item)}`);
    expect(await screen.findByText(shopTexts.unknownPack)).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/shop');
    expect(screen.getAllByRole('article')).toHaveLength(6);
  });
});

describe('the payment form', () => {
  async function openForm() {
    const view = renderApp('/shop?item=3', { state: signedIn });
    await screen.findByRole('form', { name: 'Payment details' });
    act(() => void view.store.dispatch(countriesLoaded(countries)));
    return view;
  }

  it('labels all nine fields; Country starts with an empty Select Country option', async () => {
    await openForm();
    for (const label of ['First Name', 'Last Name', 'Address', 'Country', 'State', 'City', 'Post Code', 'Email', 'Phone']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    const options = within(screen.getByLabelText('Country')).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Select Country');
    expect(options[0]).toHaveValue('');
    expect(options.slice(1).map((option) => option.textContent)).toEqual(['Australia', 'New Zealand']);
  });

  it('asks for the countries with fields=name,alpha2Code from the configured service', async () => {
    const { actions } = renderApp('/shop?item=3', { state: signedIn });
    await screen.findByRole('form', { name: 'Payment details' });
    expect(requests(actions, 'shop/countriesRequested')).toEqual([
      { type: 'shop/countriesRequested', payload: { url: '/api/countries' } },
    ]);
  });

  it('prefills the email from the account', async () => {
    await openForm();
    expect(screen.getByLabelText('Email')).toHaveValue('king@wyrmcrown.example');
  });

  it('does nothing on an empty submit but mark every invalid field', async () => {
    const { actions } = await openForm();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(requests(actions, 'payment/paymentRequested')).toEqual([]);
    for (const label of ['First Name', 'Last Name', 'Address', 'Country', 'State', 'City', 'Post Code', 'Email', 'Phone']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription();
    }
    expect(screen.getByLabelText('First Name')).toHaveFocus();
  });

  it('shows a field error once the field is touched', async () => {
    await openForm();
    await userEvent.type(screen.getByLabelText('Phone'), 'call me');
    await userEvent.tab();
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Use digits, spaces and + - ( ) only.');
    expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-invalid');
  });

  it('emits one action with the trimmed data, the country code and the pack id', async () => {
    const { actions } = await openForm();
    await userEvent.type(screen.getByLabelText('First Name'), '  Aria ');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Stormborn');
    await userEvent.type(screen.getByLabelText('Address'), '1 Castle Road');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'Australia');
    await userEvent.type(screen.getByLabelText('State'), 'NSW');
    await userEvent.type(screen.getByLabelText('City'), 'Sydney');
    await userEvent.type(screen.getByLabelText('Post Code'), '2000');
    await userEvent.type(screen.getByLabelText('Phone'), '+61 2 9876 5432');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(requests(actions, 'payment/paymentRequested')).toEqual([
      {
        type: 'payment/paymentRequested',
        payload: { packId: 3, details: { ...samplePaymentDetails, email: samplePlayer.email } },
      },
    ]);
    expect(screen.getByText(paymentTexts.starting)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('caps every text field at its maximum length', async () => {
    await openForm();
    expect(screen.getByLabelText('First Name')).toHaveAttribute('maxLength', '50');
    expect(screen.getByLabelText('Address')).toHaveAttribute('maxLength', '200');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('maxLength', '32');
  });

  it('says when the countries could not be loaded and offers a retry', async () => {
    const { actions, store } = await openForm();
    act(() => void store.dispatch(countriesFailed()));
    expect(screen.getByRole('alert')).toHaveTextContent(shopTexts.countriesFailed);
    await userEvent.click(screen.getByRole('button', { name: shopTexts.retry }));
    expect(requests(actions, 'shop/countriesRequested')).toHaveLength(2);
  });
});

describe('the nav Shop link from a form', () => {
  it('returns to the list in a fresh state; back returns to the form', async () => {
    const { router, actions } = renderApp('/shop?item=3', { state: signedIn });
    await screen.findByRole('form', { name: 'Payment details' });
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Shop' }));
    expect(await screen.findAllByRole('article')).toHaveLength(6);
    expect(router.state.location.search).toBe('');
    expect(requests(actions, 'payment/paymentReset')).toHaveLength(1);
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('form', { name: 'Payment details' })).toBeInTheDocument();
  });
});
