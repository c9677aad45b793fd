import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { samplePaymentDetails, samplePlayer, sampleOrder } from '../../../../../test/fixtures/samples';
import { renderApp, signedInState, type RenderAppResult } from '../../../testing/renderApp';
import { balanceUpdated } from '../../balance';
import { paymentTexts } from '../paymentTexts';
import { cancelReturned, gemsCredited, opening, orderCreated, paymentDeclined, secondOrderAsked, startFailed, tabClosed, tabOpened } from '../paymentSlice';
import { countriesFailed, countriesLoaded } from '../countriesSlice';
import { fieldLimitText } from '../../../components/form/TextField';
import { saveDetails } from '../savedDetails';
import { THREE_DS_FAILED_TEXT } from '../../../../shared/risk/threeDSecure';

const countries = [
  { name: 'Australia', alpha2Code: 'AU' },
  { name: 'New Zealand', alpha2Code: 'NZ' },
];
const requests = (actions: Array<{ type: string; payload?: unknown }>, type: string) =>
  actions.filter((action) => action.type === type);
const order = sampleOrder();

async function fillForm() {
  await userEvent.type(screen.getByLabelText('First Name'), '  Aria ');
  await userEvent.type(screen.getByLabelText('Last Name'), 'Stormborn');
  await userEvent.type(screen.getByLabelText('Address'), '1 Castle Road');
  await userEvent.selectOptions(screen.getByLabelText('Country'), 'Australia');
  await userEvent.type(screen.getByLabelText('State'), 'NSW');
  await userEvent.type(screen.getByLabelText('City'), 'Sydney');
  await userEvent.type(screen.getByLabelText('Post Code'), '2000');
  await userEvent.type(screen.getByLabelText('Phone'), '+61 2 9876 5432');
}

beforeEach(() => sessionStorage.clear());

describe('the payment form', () => {
  async function openForm() {
    const view = await renderApp('/shop?item=3', { state: signedInState });
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
    const { actions } = await renderApp('/shop?item=3', { state: signedInState });
    await screen.findByRole('form', { name: 'Payment details' });
    expect(requests(actions, 'countries/requested')).toEqual([
      { type: 'countries/requested', payload: { url: '/api/countries' } },
    ]);
  });

  it('asks the server for the player’s open orders when it opens, and again each time the player comes back to the tab', async () => {
    const { actions } = await openForm();
    expect(requests(actions, 'openOrders/requested')).toHaveLength(1);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(requests(actions, 'openOrders/requested')).toHaveLength(2);
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

  it('shows a field error once the field was changed and left, never for tabbing past it', async () => {
    await openForm();
    // Tabbing through empty required fields says nothing yet.
    await userEvent.click(screen.getByLabelText('First Name'));
    for (let i = 0; i < 4; i += 1) await userEvent.tab();
    for (const label of ['First Name', 'Last Name', 'Address']) expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
    await userEvent.type(screen.getByLabelText('Phone'), 'call me');
    expect(screen.getByLabelText('Phone')).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Use digits, spaces and + - ( ) only.');
    expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-invalid');
    // Emptied again, a changed field is still told it is required.
    await userEvent.clear(screen.getByLabelText('Phone'));
    await userEvent.tab();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
  });

  it('emits one action with the trimmed data, the country code and the pack id', async () => {
    const { actions, store } = await openForm();
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(requests(actions, 'payment/submitted')).toEqual([
      {
        type: 'payment/submitted',
        payload: { paymentId: expect.any(String), packId: 3, details: { ...samplePaymentDetails, email: samplePlayer.email } },
      },
    ]);
    const { paymentId } = (requests(actions, 'payment/submitted')[0]!.payload as { paymentId: string });
    act(() => void store.dispatch(opening({ paymentId, packId: 3 })));
    expect(screen.getByText(paymentTexts.starting)).toHaveAttribute('role', 'status');
    expect(screen.getByText(paymentTexts.starting)).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('caps every text field at its maximum length', async () => {
    await openForm();
    expect(screen.getByLabelText('First Name')).toHaveAttribute('maxLength', '50');
    expect(screen.getByLabelText('Address')).toHaveAttribute('maxLength', '200');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('maxLength', '32');
  });

  it('says so when a text reaches its field’s maximum, instead of cutting it without a word', async () => {
    await openForm();
    const address = screen.getByLabelText('Address');
    await userEvent.click(address);
    await userEvent.paste('1 Castle Road, '.repeat(14));
    expect((address as HTMLInputElement).value).toHaveLength(200);
    expect(screen.getByText(fieldLimitText(200))).toHaveAttribute('role', 'status');
    expect(address).toHaveAccessibleDescription(fieldLimitText(200));
    await userEvent.type(address, '{Backspace}');
    expect(screen.queryByText(fieldLimitText(200))).not.toBeInTheDocument();
  });

  it('says when the countries could not be loaded and offers a retry', async () => {
    const { actions, store } = await openForm();
    act(() => void store.dispatch(countriesFailed()));
    expect(screen.getByRole('alert')).toHaveTextContent(paymentTexts.countriesFailed);
    await userEvent.click(screen.getByRole('button', { name: paymentTexts.retry }));
    expect(requests(actions, 'countries/requested')).toHaveLength(2);
  });
});


describe('the checkout steps, in the tab the player started from', () => {
  /** An order of pack 3 started in this tab, moved to awaitingPayment. */
  async function awaiting(soldAs?: { title: string; amount: string }): Promise<RenderAppResult> {
    const view = await renderApp('/shop?item=3', { state: signedInState });
    await screen.findByRole('form', { name: 'Payment details' });
    act(() => {
      view.store.dispatch(countriesLoaded(countries));
      view.store.dispatch(opening({ paymentId: 'a1', packId: 3 }));
      view.store.dispatch(
        orderCreated({ paymentId: 'a1', orderId: order.orderId, checkoutUrl: 'http://127.0.0.1:3100/checkout/n', tabBlocked: false, gives: { gemCount: 1000, bonusGems: 0, offerTitle: null }, ...(soldAs ? { soldAs } : {}) }),
      );
      view.store.dispatch(tabOpened({ paymentId: 'a1' }));
    });
    return view;
  }

  it('while waiting: the form and Submit are gone, the order number shows and the heading has focus', async () => {
    await awaiting();
    const heading = screen.getByRole('heading', { name: paymentTexts.awaitingHeading });
    expect(heading).toHaveFocus();
    expect(screen.getByTestId('order-number')).toHaveTextContent(order.orderId);
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(document.title).toContain(paymentTexts.awaitingHeading);
  });

  it('paid: a success card with the pack, +N gems, A$, the order number and the new balance', async () => {
    const { store } = await awaiting();
    act(() => {
      store.dispatch(gemsCredited({ order: { ...order, status: 'paid', credited: true }, source: 'listener' }));
      store.dispatch(balanceUpdated(3500));
    });
    const card = screen.getByTestId('order-card');
    expect(within(card).getByRole('heading', { name: paymentTexts.successHeading })).toHaveFocus();
    expect(card).toHaveTextContent('+3,500 gems');
    expect(card).toHaveTextContent('A$45.99');
    expect(card).toHaveTextContent(order.orderId);
    expect(card).toHaveTextContent('3,500 gems');
    expect(within(card).getByRole('img')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: paymentTexts.continueShopping })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: paymentTexts.continueShopping }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gem Shop' })).toHaveFocus();
  });

  it('paid: the card shows the pack as the order sold it, whatever the shelf says of it since', async () => {
    const { store } = await awaiting({ title: 'Pouch of Gem', amount: '39.99' });
    act(() => {
      store.dispatch(gemsCredited({ order: { ...order, status: 'paid', credited: true }, source: 'listener' }));
    });
    expect(screen.getByTestId('order-card')).toHaveTextContent('A$39.99');
    expect(screen.getByTestId('order-card')).not.toHaveTextContent('A$45.99');
  });

  it('paid before the new balance is known: the balance row keeps its room, hidden, and shows once it comes', async () => {
    const { store } = await awaiting();
    act(() => {
      store.dispatch(gemsCredited({ order: { ...order, status: 'paid', credited: true }, source: 'listener' }));
    });
    const balanceTerm = within(screen.getByTestId('order-card')).getByText(paymentTexts.newBalance);
    expect(balanceTerm).toBeInTheDocument();
    expect(balanceTerm).not.toBeVisible();
    act(() => {
      store.dispatch(balanceUpdated(7250));
    });
    expect(balanceTerm).toBeVisible();
    expect(balanceTerm.nextElementSibling).toHaveTextContent('7,250 gems');
    expect(balanceTerm.nextElementSibling).toBeVisible();
  });

  it('declined by the bank’s 3-D Secure check: says so, and that nothing was charged', async () => {
    const { store } = await awaiting();
    act(() => void store.dispatch(paymentDeclined({ order: { ...order, status: 'failed', threeDSecure: 'failed' }, source: 'poll' })));
    expect(screen.getByRole('alert')).toHaveTextContent(THREE_DS_FAILED_TEXT);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('declined: says nothing was charged and gives the form back with the details typed', async () => {
    saveDetails(3, samplePaymentDetails);
    const { store } = await awaiting();
    act(() => void store.dispatch(paymentDeclined({ order: { ...order, status: 'failed' }, source: 'poll' })));
    expect(screen.getByRole('alert')).toHaveTextContent(paymentTexts.declined);
    expect(screen.getByLabelText('First Name')).toHaveValue('Aria');
    expect(screen.getByLabelText('Phone')).toHaveValue('+61 2 9876 5432');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('tab closed: Reopen checkout and Start over, each an action; Start over gives the form back', async () => {
    saveDetails(3, samplePaymentDetails);
    const { store, actions } = await awaiting();
    act(() => void store.dispatch(tabClosed({ paymentId: 'a1' })));
    expect(screen.getByRole('heading', { name: paymentTexts.tabClosedHeading })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: paymentTexts.reopen }));
    expect(requests(actions, 'payment/reopenRequested')).toEqual([{ type: 'payment/reopenRequested', payload: { paymentId: 'a1' } }]);
    await userEvent.click(screen.getByRole('button', { name: paymentTexts.startOver }));
    expect(screen.getByLabelText('Address')).toHaveValue('1 Castle Road');
    expect(screen.getByRole('heading', { level: 1, name: paymentTexts.heading })).toHaveFocus();
  });

  it('a blocked tab: says so and offers a button that opens the checkout', async () => {
    const view = await renderApp('/shop?item=3', { state: signedInState });
    await screen.findByRole('form', { name: 'Payment details' });
    act(() => {
      view.store.dispatch(opening({ paymentId: 'a1', packId: 3 }));
      view.store.dispatch(orderCreated({ paymentId: 'a1', orderId: order.orderId, checkoutUrl: 'http://x/checkout/n', tabBlocked: true, gives: { gemCount: 1000, bonusGems: 0, offerTitle: null } }));
    });
    expect(screen.getByText(paymentTexts.tabBlocked)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: paymentTexts.openCheckout }));
    expect(requests(view.actions, 'payment/reopenRequested')).toHaveLength(1);
  });

  it('a second Submit with an order waiting asks first: resume it or start a new one', async () => {
    const { store, actions } = await awaiting();
    act(() => {
      store.dispatch(tabClosed({ paymentId: 'a1' }));
      store.dispatch({ type: 'payment/startedOver' });
      store.dispatch(secondOrderAsked({ orderId: order.orderId, packId: 3, checkoutUrl: 'http://127.0.0.1:3100/checkout/n', paymentId: 'a1', gives: { gemCount: 1000, bonusGems: 0, offerTitle: null } }));
    });
    const question = screen.getByTestId('second-order-question');
    expect(question).toHaveTextContent(order.orderId);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await userEvent.click(within(question).getByRole('button', { name: paymentTexts.startNew }));
    expect(requests(actions, 'payment/newOrderChosen')).toHaveLength(1);
  });

  it('an expired session: the API’s words and a way to sign in that comes back to the pack', async () => {
    const view = await renderApp('/shop?item=3', { state: signedInState });
    await screen.findByRole('form', { name: 'Payment details' });
    act(() => {
      view.store.dispatch(opening({ paymentId: 'a1', packId: 3 }));
      view.store.dispatch(startFailed({ paymentId: 'a1', message: 'Your session has expired. Please sign in again.', failure: 'signIn' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has expired');
    expect(screen.getByRole('link', { name: paymentTexts.signInAgain })).toHaveAttribute('href', '/signin-signup?item=3');
  });

  it('the open-order cap: the API’s words, and a link to the unpaid orders where each can be resumed or cancelled', async () => {
    const view = await renderApp('/shop?item=3', { state: signedInState });
    await screen.findByRole('form', { name: 'Payment details' });
    act(() => {
      view.store.dispatch(opening({ paymentId: 'a1', packId: 3 }));
      view.store.dispatch(startFailed({ paymentId: 'a1', message: 'You already have 3 unpaid orders open.', failure: 'refused', reason: 'openOrderCap' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('You already have 3 unpaid orders open.');
    expect(screen.getByRole('link', { name: paymentTexts.unpaidOrders })).toHaveAttribute('href', '/account/orders');
  });

  it('back from the provider’s Cancel in the checkout tab: nothing charged, back to the first tab, no second form unless asked', async () => {
    saveDetails(3, samplePaymentDetails);
    const view = await renderApp('/shop?item=3', { state: signedInState });
    await screen.findByRole('form', { name: 'Payment details' });
    act(() => void view.store.dispatch(cancelReturned({ orderId: order.orderId, packId: 3 })));
    expect(screen.getByRole('heading', { name: paymentTexts.cancelledHereHeading })).toBeInTheDocument();
    expect(screen.getByText(paymentTexts.cancelledHereText)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Payment details' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: paymentTexts.closeThisTab }));
    expect(requests(view.actions, 'payment/closeTabRequested')).toHaveLength(1);
    // The tab the player started from may be gone: the form comes here with the details kept.
    await userEvent.click(screen.getByRole('button', { name: paymentTexts.tryAgainHere }));
    expect(screen.getByLabelText('City')).toHaveValue('Sydney');
  });
});
