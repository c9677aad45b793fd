/**
 * A QR code of `text` as an SVG data URL (for an <img>, which the Content-Security-Policy's img-src allows). The
 * `qrcode` package loads with the first code drawn, never with a page that shows none.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const { toString } = await import(/* webpackChunkName: "qrcode" */ 'qrcode');
  const svg = await toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#0b0d17', light: '#ffffff' } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
