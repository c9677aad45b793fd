import crypto from 'node:crypto';
import { hasValidSignature, sign, signingString } from './signature';

const key = 'test-merchant-key';
const payload = {
  order_id: 'WC0001',
  amount: '45.99',
  product_name: 'Pouch of Gem',
  return_url: 'https://store.example/?a=1#top',
  email: 'aria+king@wyrmcrown.example',
  address: '1 Castle Road | Tower: North',
  city: 'Zürich',
  empty: '',
  missing: undefined,
  signature: 'ignored',
  timestamp: 1795260000,
};

/** An independent HMAC (Node's crypto) to hold crypto-js to. */
const nodeHmac = (text: string) => crypto.createHmac('sha256', key).update(text, 'utf8').digest('hex');

describe('the signature rule', () => {
  it('raw: non-empty keys sorted, key=value joined with &, signature left out', () => {
    expect(signingString(payload, 'raw')).toBe(
      'address=1 Castle Road | Tower: North&amount=45.99&city=Zürich&email=aria+king@wyrmcrown.example' +
        '&order_id=WC0001&product_name=Pouch of Gem&return_url=https://store.example/?a=1#top&timestamp=1795260000',
    );
  });

  it('form: values encoded as PHP http_build_query does', () => {
    expect(signingString(payload, 'form')).toBe(
      'address=1+Castle+Road+%7C+Tower%3A+North&amount=45.99&city=Z%C3%BCrich&email=aria%2Bking%40wyrmcrown.example' +
        '&order_id=WC0001&product_name=Pouch+of+Gem&return_url=https%3A%2F%2Fstore.example%2F%3Fa%3D1%23top&timestamp=1795260000',
    );
    expect(signingString({ note: "it's (a) ~test*!" }, 'form')).toBe('note=it%27s+%28a%29+%7Etest%2A%21');
  });

  it.each(['raw', 'form'] as const)('%s: HMAC-SHA256 hex matches fixed vectors and an independent HMAC', (encoding) => {
    const signature = sign(payload, key, encoding);
    expect(signature).toBe(nodeHmac(signingString(payload, encoding)));
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('matches fixed test vectors', () => {
    expect(sign({ b: '2', a: '1' }, 'k', 'raw')).toBe('acaa976e196269880b8b3898a5ec2f3881696e4570890e89538ba5a0cbfe2829');
    expect(sign(payload, key, 'raw')).toBe('ced516f4a30cb2c850463b0dad421fd265f2e935f46c82059aa6cce0df18083b');
    expect(sign(payload, key, 'form')).toBe('889579375467b42e61347e105e334b9676755f2e358cb88dce5ba43eab92e1f8');
  });

  it('verifies a good signature and refuses a changed field or a wrong key', () => {
    const signed = { ...payload, signature: sign(payload, key, 'raw') };
    expect(hasValidSignature(signed, key, 'raw')).toBe(true);
    expect(hasValidSignature({ ...signed, amount: '0.01' }, key, 'raw')).toBe(false);
    expect(hasValidSignature(signed, 'another-key', 'raw')).toBe(false);
    expect(hasValidSignature({ ...signed, signature: '' }, key, 'raw')).toBe(false);
    expect(hasValidSignature(signed, key, 'form')).toBe(false);
  });

  it('never throws on text that is not valid Unicode: a lone surrogate is signed as U+FFFD, in either encoding', () => {
    for (const encoding of ['raw', 'form'] as const) {
      expect(() => sign({ firstname: 'Ar\uD800thur' }, 'a-key-of-sixteen-chars', encoding)).not.toThrow();
      expect(sign({ firstname: 'Ar\uD800thur' }, 'a-key-of-sixteen-chars', encoding)).toBe(sign({ firstname: 'Ar\uFFFDthur' }, 'a-key-of-sixteen-chars', encoding));
    }
  });
});
