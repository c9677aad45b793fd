/**
 * Local faces standing in for Cinzel until it loads (font-display: swap), sized to its metrics so the swap
 * moves nothing: size-adjust matches its average glyph width, the overrides its ascent and descent. One face
 * per fallback font, as each needs its own numbers; fontFallbacks.test.ts computes them again from
 * @capsizecss/metrics and must agree.
 */
export interface FallbackFace {
  family: string;
  /** The installed fonts it may use, by name, first found wins. */
  locals: readonly string[];
  /** The metrics package's name of the font the numbers were computed for. */
  metricsOf: string;
  sizeAdjust: string;
  ascentOverride: string;
  descentOverride: string;
  lineGapOverride: string;
}

export const CINZEL_FALLBACKS: readonly FallbackFace[] = [
  {
    family: 'Cinzel Fallback Georgia',
    locals: ['Georgia'],
    metricsOf: 'georgia',
    sizeAdjust: '124.72%',
    ascentOverride: '78.26%',
    descentOverride: '29.83%',
    lineGapOverride: '0%',
  },
  {
    // Liberation Serif (Linux) has Times New Roman's metrics.
    family: 'Cinzel Fallback Times',
    locals: ['Times New Roman', 'Liberation Serif'],
    metricsOf: 'timesNewRoman',
    sizeAdjust: '136.86%',
    ascentOverride: '71.31%',
    descentOverride: '27.18%',
    lineGapOverride: '0%',
  },
];

/** The @font-face rules of the fallbacks, for the global style sheet. */
export function fallbackFontFaces(): string {
  return CINZEL_FALLBACKS.map(
    (face) =>
      `@font-face{font-family:'${face.family}';src:${face.locals.map((name) => `local('${name}')`).join(',')};` +
      `size-adjust:${face.sizeAdjust};ascent-override:${face.ascentOverride};descent-override:${face.descentOverride};line-gap-override:${face.lineGapOverride};}`,
  ).join('\n');
}
