import { isKnownPage, ROUTES } from './routes';

describe('isKnownPage', () => {
  it('knows every route of the spec', () => {
    for (const path of Object.values(ROUTES)) expect(isKnownPage(path)).toBe(true);
    expect(isKnownPage('/shop/')).toBe(true);
  });

  it('does not know anything else', () => {
    expect(isKnownPage('/information')).toBe(false);
    expect(isKnownPage('/shop/extra')).toBe(false);
    expect(isKnownPage('/admin')).toBe(false);
  });
});
