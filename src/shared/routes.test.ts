import { isKnownPage, RECEIPT_ROUTE, receiptPath, routeOf, ROUTES, SUPPORT_ORDER_ROUTE, supportOrderPath } from './routes';

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

describe('routeOf', () => {
  it('names the route of a path: the page itself, or the pattern of one order’s page', () => {
    expect(routeOf('/account/orders/')).toBe(ROUTES.orders);
    expect(routeOf(receiptPath('WC-1'))).toBe(RECEIPT_ROUTE);
    expect(routeOf(supportOrderPath('WC-1'))).toBe(SUPPORT_ORDER_ROUTE);
    expect(routeOf('/account/orders/WC-1/more')).toBeNull();
    expect(routeOf('/admin')).toBeNull();
  });
});
