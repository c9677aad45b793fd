/**
 * The store's one theme: a night sky over dragon country, parchment text and royal gold.
 * Every text/background pair used here meets WCAG AA (checked in theme.test.ts).
 */
export const theme = {
  colors: {
    night: '#0b0d17',
    surface: '#151929',
    surfaceRaised: '#1d2238',
    border: '#3a3f5c',
    /** The edge of a text box or select: 3:1 against the box and the panel around it (WCAG 1.4.11). */
    inputBorder: '#737a9e',
    text: '#f4ecd8',
    textMuted: '#c8bea6',
    gold: '#e9b949',
    goldBright: '#f7d789',
    onGold: '#1b1304',
    ember: '#ff8a5b',
    danger: '#ff8d85',
    dangerBorder: '#ff5c52',
    focus: '#7fd6ff',
  },
  fonts: {
    // Cinzel, and until it loads, faces sized to it (fontFallbacks.ts).
    heading: "'Cinzel', 'Cinzel Fallback Georgia', 'Cinzel Fallback Times', serif",
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  radius: { small: '6px', medium: '12px', large: '20px' },
  shadow: {
    card: '0 18px 40px rgba(0, 0, 0, 0.45)',
    glow: '0 0 0 1px rgba(233, 185, 73, 0.35), 0 10px 30px rgba(233, 185, 73, 0.12)',
  },
  layout: { maxWidth: '1120px', gutter: 'clamp(16px, 4vw, 32px)' },
  breakpoints: { tablet: '640px', desktop: '960px' },
} as const;

export type Theme = typeof theme;

/** Contrast ratio between two #rrggbb colours (WCAG 2 relative luminance). */
export function contrastRatio(foreground: string, background: string): number {
  const luminance = (hex: string) => {
    const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
    const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
      number,
      number,
      number,
    ];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}
