import { sharedWhileUnderWay } from './sharedWhileUnderWay';

describe('calls shared while one is under way', () => {
  it('run once for a burst of one key, again once it has answered, and apart for another key or scope', async () => {
    const shared = sharedWhileUnderWay<number>();
    let runs = 0;
    let release = () => undefined as void;
    const run = () => new Promise<number>((resolve) => (release = () => resolve(++runs)));
    const scope = {};
    const burst = Array.from({ length: 50 }, () => shared(scope, 'WC1', run));
    release();
    expect(await Promise.all(burst)).toEqual(Array(50).fill(1));
    const again = shared(scope, 'WC1', run);
    release();
    expect(await again).toBe(2);
    const other = shared(scope, 'WC2', async () => 20);
    const elsewhere = shared({}, 'WC1', async () => 30);
    expect([await other, await elsewhere]).toEqual([20, 30]);
  });

  it('share a failure, and forget it', async () => {
    const shared = sharedWhileUnderWay<string>();
    const scope = {};
    const failing = () => Promise.reject(new Error('provider timed out'));
    await expect(Promise.all([shared(scope, 'k', failing), shared(scope, 'k', async () => 'not run')])).rejects.toThrow('provider timed out');
    await expect(shared(scope, 'k', async () => 'ran')).resolves.toBe('ran');
  });
});
