import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { testStore } from '../../testing/testStore';
import { theme } from '../../styles/theme';
import { balanceUpdated } from './balanceSlice';
import { GemBalance } from './GemBalance';

describe('the gem balance in the header', () => {
  it('shows each value in a node of its own, so a right-aligned value of a new width moves nothing already shown', () => {
    const store = testStore({ runSagas: true });
    render(
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <GemBalance />
        </ThemeProvider>
      </Provider>,
    );
    const balance = screen.getByTestId('gem-balance');
    const waiting = screen.getByText('…');
    expect(balance).toHaveAccessibleName('Gem balance: …');

    act(() => void store.dispatch(balanceUpdated(0)));
    const first = screen.getByText('0');
    expect(first).not.toBe(waiting);
    expect(waiting).not.toBeInTheDocument();

    act(() => void store.dispatch(balanceUpdated(1500)));
    expect(screen.getByText('1,500')).not.toBe(first);
    // The badge itself, the live region, stays: a change is announced, not a new region.
    expect(screen.getByTestId('gem-balance')).toBe(balance);
    expect(balance).toHaveAccessibleName('Gem balance: 1,500');
  });
});
