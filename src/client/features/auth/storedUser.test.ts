import { readStoredUser, STORED_USER_KEY, writeStoredUser } from './storedUser';
import { samplePlayer } from '../../../../test/fixtures/samples';

const player = samplePlayer;

beforeEach(() => localStorage.clear());

describe('the stored user', () => {
  it('round-trips the public profile', () => {
    writeStoredUser(player);
    expect(readStoredUser()).toEqual(player);
  });

  it('is the text null when signed out', () => {
    writeStoredUser(null);
    expect(localStorage.getItem(STORED_USER_KEY)).toBe('null');
    expect(readStoredUser()).toBeNull();
  });

  it('treats missing, broken or foreign values as signed out', () => {
    expect(readStoredUser()).toBeNull();
    localStorage.setItem(STORED_USER_KEY, '{not json');
    expect(readStoredUser()).toBeNull();
    localStorage.setItem(STORED_USER_KEY, JSON.stringify({ email: 'no-uid@x.example' }));
    expect(readStoredUser()).toBeNull();
  });

  it('keeps only the public fields, never tokens', () => {
    localStorage.setItem(STORED_USER_KEY, JSON.stringify({ ...player, stsTokenManager: { accessToken: 'secret' } }));
    expect(readStoredUser()).toEqual(player);
  });
});
