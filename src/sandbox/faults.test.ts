import { FaultBook } from './faults';

describe('the sandbox’s faults', () => {
  it('reach one order, every order of one buyer’s email, or every order, the narrower winning', () => {
    const emails: Record<string, string> = { 'WC-A': 'slow@example.com', 'WC-B': 'other@example.com' };
    const book = new FaultBook((orderId) => emails[orderId]);
    book.set({ payment: { latencyMs: 600 } }, { email: 'Slow@example.com' });
    // A payment not yet known names its buyer itself; a known order's buyer is looked up.
    expect(book.for('WC-NEW', 'slow@example.com').payment).toEqual({ latencyMs: 600 });
    expect(book.for('WC-A').payment).toEqual({ latencyMs: 600 });
    expect(book.for('WC-B').payment).toBeUndefined();
    book.set({ payment: { httpStatus: 503 } }, { orderId: 'WC-A' });
    expect(book.for('WC-A').payment).toEqual({ httpStatus: 503 });
    book.set({ query: { garbage: true } });
    expect(book.for('WC-B')).toEqual({ query: { garbage: true } });
    // Cleared by scope: the email's own faults only.
    book.set({}, { email: 'slow@example.com' });
    expect(book.for('WC-NEW', 'slow@example.com')).toEqual({ query: { garbage: true } });
    book.clear();
    expect(book.for('WC-A')).toEqual({});
  });
});
