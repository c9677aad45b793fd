import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { navigate } from '../../lib/navigation';
import { authSlice, type PublicUser } from '../auth';
import { buySaga } from './shopSagas';
import { buyClicked } from './shopSlice';
import { samplePlayer } from '../../../../test/fixtures/samples';

const player = samplePlayer;
const stateWith = (user: PublicUser | null) => ({ auth: { ...authSlice.getInitialState(), user } });

describe('buySaga', () => {
  it('takes a signed-in player to the pack form', () =>
    expectSaga(buySaga, buyClicked({ packId: 3 }))
      .withState(stateWith(player))
      .provide([[matchers.call.fn(navigate), undefined]])
      .call(navigate, '/shop?item=3')
      .run());

  it('sends an anonymous visitor to sign in, carrying the pack', () =>
    expectSaga(buySaga, buyClicked({ packId: 3 }))
      .withState(stateWith(null))
      .provide([[matchers.call.fn(navigate), undefined]])
      .call(navigate, '/signin-signup?item=3')
      .run());
});
