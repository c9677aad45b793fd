import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { navigate } from '../../lib/navigation';
import { authSlice, type PublicUser } from '../auth';
import { fetchCountries } from './countriesService';
import { buySaga, loadCountriesSaga } from './shopSagas';
import { buyClicked, countriesFailed, countriesLoaded, countriesRequested } from './shopSlice';
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

describe('loadCountriesSaga', () => {
  const countries = [{ name: 'Australia', alpha2Code: 'AU' }];

  it('loads the list from the configured service', () =>
    expectSaga(loadCountriesSaga, countriesRequested({ url: '/api/countries' }))
      .provide([[matchers.call.fn(fetchCountries), countries]])
      .call(fetchCountries, '/api/countries')
      .put(countriesLoaded(countries))
      .run());

  it('reports a failure so the form can offer a retry', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    return expectSaga(loadCountriesSaga, countriesRequested({ url: '/api/countries' }))
      .provide([[matchers.call.fn(fetchCountries), throwError(new Error('timeout of 10000ms exceeded'))]])
      .put(countriesFailed())
      .not.put.actionType(countriesLoaded.type)
      .run();
  });
});
