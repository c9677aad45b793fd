import cinzel from '@capsizecss/metrics/cinzel';
import georgia from '@capsizecss/metrics/georgia';
import timesNewRoman from '@capsizecss/metrics/timesNewRoman';
import { CINZEL_FALLBACKS, fallbackFontFaces } from './fontFallbacks';
import { theme } from './theme';

type Metrics = typeof cinzel;
const METRICS: Record<string, Metrics> = { georgia, timesNewRoman };
const percent = (value: number) => `${(Math.round(value * 10_000) / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
const averageWidth = (metrics: Metrics) => metrics.xWidthAvg / metrics.unitsPerEm;

describe('Cinzel’s fallback faces', () => {
  it.each(CINZEL_FALLBACKS.map((face) => [face.family, face] as const))('%s is sized to Cinzel’s metrics', (_family, face) => {
    const fallback = METRICS[face.metricsOf]!;
    const size = averageWidth(cinzel) / averageWidth(fallback);
    expect({
      sizeAdjust: face.sizeAdjust,
      ascentOverride: face.ascentOverride,
      descentOverride: face.descentOverride,
      lineGapOverride: face.lineGapOverride,
    }).toEqual({
      sizeAdjust: percent(size),
      ascentOverride: percent(cinzel.ascent / cinzel.unitsPerEm / size),
      descentOverride: percent(Math.abs(cinzel.descent) / cinzel.unitsPerEm / size),
      lineGapOverride: percent(cinzel.lineGap / cinzel.unitsPerEm / size),
    });
  });

  it('stand between Cinzel and the generic serif in the heading font', () => {
    expect(theme.fonts.heading).toBe(`'Cinzel', ${CINZEL_FALLBACKS.map((face) => `'${face.family}'`).join(', ')}, serif`);
    expect(fallbackFontFaces()).toContain("src:local('Times New Roman'),local('Liberation Serif');size-adjust:136.86%");
  });
});
