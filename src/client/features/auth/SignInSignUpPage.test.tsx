import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/renderApp';
import { authSlice, authFailed, passwordResetSent, signedOut } from './authSlice';
import { authTexts } from './authTexts';
import { samplePlayer } from '../../../../test/fixtures/samples';
import { redeemPassword } from './passwordHandoff';

const player = samplePlayer;
const signedInState = { auth: { ...authSlice.getInitialState(), user: player } };
/** The requests the page sent to the sagas. */
const authRequests = (actions: Array<{ type: string; payload?: unknown }>) =>
  actions.filter((action) => /^auth\/.*Requested$/.test(action.type));

describe('/signin-signup for an anonymous visitor', () => {
  it('has a labelled email input of type email and a password, both required', async () => {
    await renderApp('/signin-signup');
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
  });

  it('does nothing on an invalid submit but mark the fields with a red border and a message', async () => {
    const { actions } = await renderApp('/signin-signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(authRequests(actions)).toEqual([]);
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter your email address.');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(getComputedStyle(email).borderColor).not.toBe(getComputedStyle(screen.getByRole('button', { name: 'Sign In' })).borderColor);
  });

  it('submits valid credentials once, with the item from the URL, and shows progress', async () => {
    const { actions } = await renderApp('/signin-signup?item=3');
    // Sent here by Buy: the page names the pack being bought.
    expect(await screen.findByText('Sign in to buy Pouch of Gem (A$45.99): its payment screen opens next.')).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('Email'), 'king@wyrmcrown.example');
    await userEvent.type(screen.getByLabelText('Password'), 'dragon-slayer');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const [request] = authRequests(actions) as Array<{ type: string; payload: { passwordTicket: string } }>;
    expect(request).toEqual({
      type: 'auth/signInRequested',
      payload: { email: 'king@wyrmcrown.example', passwordTicket: expect.any(String), item: '3' },
    });
    // The password travels beside the store, never in an action.
    expect(JSON.stringify(actions)).not.toContain('dragon-slayer');
    expect(redeemPassword(request!.payload.passwordTicket)).toBe('dragon-slayer');
    const busy = screen.getByRole('button', { name: authTexts.signingIn });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);
    expect(authRequests(actions)).toHaveLength(1);
  });

  it('ignores an item that is not a pack id', async () => {
    const { actions } = await renderApp('/signin-signup?item=https://evil.example');
    await userEvent.type(await screen.findByLabelText('Email'), 'king@wyrmcrown.example');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(authRequests(actions)[0]?.payload).toMatchObject({ item: null });
    expect(screen.getByText(authTexts.signInIntro)).toBeInTheDocument();
  });

  it('puts focus on the heading of each view switched to, and on the news that a reset link was sent', async () => {
    const { store } = await renderApp('/signin-signup');
    await userEvent.click(await screen.findByRole('button', { name: authTexts.toSignUp }));
    expect(screen.getByRole('heading', { level: 1, name: authTexts.signUpHeading })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: authTexts.toSignIn }));
    expect(screen.getByRole('heading', { level: 1, name: authTexts.signInHeading })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: authTexts.toReset }));
    expect(screen.getByRole('heading', { level: 1, name: authTexts.resetHeading })).toHaveFocus();
    act(() => void store.dispatch(passwordResetSent()));
    expect(screen.getByRole('status')).toHaveFocus();
  });

  it('shows a failure inline as an alert and keeps the email', async () => {
    const { store } = await renderApp('/signin-signup');
    await userEvent.type(await screen.findByLabelText('Email'), 'king@wyrmcrown.example');
    act(() => void store.dispatch(authFailed('That email and password do not match an account.')));
    expect(screen.getByRole('alert')).toHaveTextContent('That email and password do not match an account.');
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue('king@wyrmcrown.example');
  });

  it('after Logout says so, with focus on the news', async () => {
    const { store } = await renderApp('/signin-signup', { state: { auth: { ...authSlice.getInitialState(), user: samplePlayer } } });
    await screen.findByRole('heading', { name: authTexts.signedInHeading });
    act(() => void store.dispatch(signedOut()));
    const notice = await screen.findByText(authTexts.signedOut);
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveFocus();
  });

  it('switches to creating an account, carrying the email, and checks the passwords match', async () => {
    const { actions } = await renderApp('/signin-signup');
    await userEvent.type(await screen.findByLabelText('Email'), 'new@wyrmcrown.example');
    await userEvent.click(screen.getByRole('button', { name: authTexts.toSignUp }));
    expect(screen.getByRole('heading', { level: 1, name: authTexts.signUpHeading })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('new@wyrmcrown.example');
    await userEvent.type(screen.getByLabelText(authTexts.newPassword), 'long-enough');
    await userEvent.type(screen.getByLabelText(authTexts.confirmPassword), 'long-enougH');
    await userEvent.click(screen.getByRole('button', { name: authTexts.signUpButton }));
    expect(authRequests(actions)).toEqual([]);
    expect(screen.getByLabelText(authTexts.confirmPassword)).toHaveAccessibleDescription('The passwords do not match.');
    expect(screen.getByLabelText(authTexts.birthDate)).toHaveAccessibleDescription(/Enter your date of birth/);
    expect(screen.getByLabelText(authTexts.birthDate)).toBeRequired();
  });

  it('sends a new account with its date of birth, and refuses one in the future', async () => {
    const { actions } = await renderApp('/signin-signup');
    await userEvent.click(await screen.findByRole('button', { name: authTexts.toSignUp }));
    await userEvent.type(screen.getByLabelText('Email'), 'young@wyrmcrown.example');
    await userEvent.type(screen.getByLabelText(authTexts.newPassword), 'long-enough');
    await userEvent.type(screen.getByLabelText(authTexts.confirmPassword), 'long-enough');
    await userEvent.type(screen.getByLabelText(authTexts.birthDate), '2999-01-01');
    await userEvent.click(screen.getByRole('button', { name: authTexts.signUpButton }));
    expect(authRequests(actions)).toEqual([]);
    await userEvent.clear(screen.getByLabelText(authTexts.birthDate));
    await userEvent.type(screen.getByLabelText(authTexts.birthDate), '2016-05-01');
    await userEvent.click(screen.getByRole('button', { name: authTexts.signUpButton }));
    expect(authRequests(actions)).toEqual([
      { type: 'auth/signUpRequested', payload: expect.objectContaining({ email: 'young@wyrmcrown.example', birthDate: '2016-05-01', item: null }) },
    ]);
  });

  it('asks for a password reset from the same page', async () => {
    const { actions } = await renderApp('/signin-signup');
    await userEvent.click(await screen.findByRole('button', { name: authTexts.toReset }));
    await userEvent.type(screen.getByLabelText('Email'), 'king@wyrmcrown.example');
    await userEvent.click(screen.getByRole('button', { name: authTexts.resetButton }));
    expect(authRequests(actions)).toEqual([
      { type: 'auth/passwordResetRequested', payload: { email: 'king@wyrmcrown.example' } },
    ]);
  });
});

describe('/signin-signup for a signed-in player', () => {
  it('shows the exact signed-in texts and a Logout that stays for the form view', async () => {
    const { actions, store } = await renderApp('/signin-signup', { state: signedInState });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Signed In, Welcome Back!');
    expect(screen.getByText('You are already signed in. Click below to Logout.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(authRequests(actions)).toEqual([{ type: 'auth/signOutRequested', payload: { goHome: false } }]);
    act(() => void store.dispatch(signedOut()));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('the nav', () => {
  it('offers Sign In to an anonymous visitor', async () => {
    await renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('shows a signed-in player their balance, their account and a sign-out that goes home', async () => {
    const { actions, store } = await renderApp('/', { state: signedInState });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account/orders');
    act(() => void store.dispatch({ type: 'balance/balanceUpdated', payload: 1500 }));
    expect(within(nav).getByRole('status', { name: 'Gem balance: 1,500' })).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Sign out' }));
    expect(authRequests(actions)).toEqual([{ type: 'auth/signOutRequested', payload: { goHome: true } }]);
  });
});
