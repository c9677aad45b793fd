import { useEffect, useRef } from 'react';
import styled, { useTheme } from 'styled-components';
import uPlot from 'uplot';

/** One line of a chart: its name, its values by day (null: none that day) and its colour. */
export interface ChartSeries {
  label: string;
  values: Array<number | null>;
  color: string;
}

/** What uPlot's own stylesheet gives its parts, kept to what these charts use (no cursor, no legend of its own). */
const Frame = styled.figure`
  margin: 0;

  .u-wrap {
    position: relative;
    user-select: none;
  }
  .u-over,
  .u-under,
  .u-axis {
    position: absolute;
  }
  .u-under {
    overflow: hidden;
  }
  canvas {
    display: block;
    position: relative;
    width: 100%;
    height: 100%;
  }
  figcaption ul {
    display: flex;
    flex-wrap: wrap;
    gap: 6px 16px;
    margin: 8px 0 0;
    padding: 0;
    list-style: none;
  }
  figcaption li::before {
    content: '';
    display: inline-block;
    width: 0.9em;
    height: 0.9em;
    margin-right: 6px;
    vertical-align: -0.1em;
    border-radius: 2px;
    background: var(--swatch);
    /* Forced colours draw the swatch's outline, since its fill may be dropped. */
    outline: 1px solid transparent;
  }
`;

/**
 * A line chart of days (uPlot, drawn in a canvas): described in words for a screen reader (`summary`), with its
 * legend in text. The figures themselves are in the table beside it.
 */
export function OverviewChart({ dates, series, summary, format }: { dates: string[]; series: ChartSeries[]; summary: string; format: (value: number) => string }) {
  const holder = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const xs = dates.map((date) => Date.parse(`${date}T12:00:00Z`) / 1000);
    const axis = { stroke: theme.colors.textMuted, grid: { stroke: theme.colors.border, width: 1 }, ticks: { stroke: theme.colors.border } };
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: 240,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true } },
        axes: [
          { ...axis, values: (_chart, ticks) => ticks.map((tick) => new Date(tick * 1000).toISOString().slice(5, 10)) },
          { ...axis, size: 70, values: (_chart, ticks) => ticks.map((tick) => format(tick)) },
        ],
        series: [{}, ...series.map((line) => ({ label: line.label, stroke: line.color, width: 2, points: { show: dates.length <= 31 } }))],
      },
      [xs, ...series.map((line) => line.values)],
      element,
    );
    const resized = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 240 }));
    resized.observe(element);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
  }, [dates, series, format, theme]);
  return (
    <Frame>
      <div ref={holder} role="img" aria-label={summary} />
      <figcaption>
        <ul>
          {series.map((line) => (
            <li key={line.label} style={{ ['--swatch' as string]: line.color }}>
              {line.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </Frame>
  );
}
