import { contrastRatio, theme } from './theme';

const { colors } = theme;

describe('theme contrast (WCAG AA: 4.5 for text, 3 for focus rings and borders)', () => {
  it.each([
    ['text on night', colors.text, colors.night],
    ['text on surface', colors.text, colors.surface],
    ['text on raised surface', colors.text, colors.surfaceRaised],
    ['muted text on surface', colors.textMuted, colors.surface],
    ['gold headings on surface', colors.gold, colors.surface],
    ['bright gold on night', colors.goldBright, colors.night],
    ['button text on gold', colors.onGold, colors.gold],
    ['error text on surface', colors.danger, colors.surface],
  ])('%s', (_name, foreground, background) => {
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['focus ring on night', colors.focus, colors.night],
    ['error border on surface', colors.dangerBorder, colors.surface],
    ['error border on an input', colors.dangerBorder, colors.night],
    ['input border on its input', colors.inputBorder, colors.night],
    ['input border on surface', colors.inputBorder, colors.surface],
    ['input border on raised surface', colors.inputBorder, colors.surfaceRaised],
  ])('%s', (_name, foreground, background) => {
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(3);
  });

  it('measures known pairs correctly', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
