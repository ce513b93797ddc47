import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatAxisDollars, MONEY_SERIES, type MoneySeries } from '../../utils/payments/money-summary';
import styles from './money-summary-card.module.css';

/**
 * How each series is drawn: its colour is a design token, and each also differs by its stroke (solid, thick,
 * dotted, dashed), so the lines can be told apart without colour. The legend draws the same strokes.
 */
const MONEY_SERIES_STYLES: Record<MoneySeries, { token: string; width: number; dash?: number[] }> = {
  // Captured is the widest and net, drawn over it, narrower: without refunds both lines stay visible.
  captured: { token: '--color-brand-700', width: 4 },
  refunded: { token: '--color-danger-600', width: 2, dash: [2, 3] },
  // Chargebacks and returned debits: the same colour family as refunds, a dash-dot of its own.
  takenBack: { token: '--color-warning-800', width: 2, dash: [6, 3, 1, 3] },
  net: { token: '--color-success-700', width: 2 },
  fees: { token: '--color-accent-600', width: 2, dash: [8, 4] },
};

const MONEY_SERIES_EMPTY: uPlot.AlignedData = [[], ...MONEY_SERIES.map(() => [])];

function readToken(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

export interface MoneyChartProps {
  /** x (UTC seconds) then one column of dollars per series, in the order of MONEY_SERIES. */
  columns: [number[], ...number[][]];
  /** CSS pixels; the width follows the container. */
  height: number;
}

/**
 * The money chart, drawn on a canvas by uPlot. It is a picture only (hidden from assistive technology):
 * the table beside it holds the same numbers.
 */
export function MoneyChart({ columns, height }: MoneyChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    const ink = readToken('--color-ink-subtle', '#5f6579');
    const line = readToken('--color-line', '#e3e1da');
    const font = `12px ${readToken('--font-sans', 'system-ui, sans-serif')}`;
    const axis: uPlot.Axis = {
      stroke: ink,
      font,
      grid: { stroke: line, width: 1 },
      ticks: { stroke: line, width: 1, size: 4 },
    };
    const plot = new uPlot(
      {
        width: Math.max(box.clientWidth, 1),
        height,
        legend: { show: false },
        cursor: { show: false },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        // The days are UTC calendar days: label them so, whatever the operator's time zone.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        scales: { x: { time: true } },
        axes: [
          { ...axis, space: 56 },
          {
            ...axis,
            size: 56,
            values: (_plot, splits) => splits.map((value) => formatAxisDollars(value)),
          },
        ],
        series: [
          {},
          ...MONEY_SERIES.map((series): uPlot.Series => {
            const look = MONEY_SERIES_STYLES[series];
            return {
              label: series,
              stroke: readToken(look.token, ink),
              width: look.width,
              dash: look.dash,
              points: { show: false },
            };
          }),
        ],
      },
      // The data arrives from the effect below, which runs right after this one.
      MONEY_SERIES_EMPTY,
      box,
    );
    plotRef.current = plot;
    const observer = new ResizeObserver((entries) => {
      const width = Math.floor(entries[0]?.contentRect.width ?? 0);
      if (width > 0 && width !== plot.width) plot.setSize({ width, height });
    });
    observer.observe(box);
    return () => {
      observer.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [height]);

  useEffect(() => {
    plotRef.current?.setData(columns);
  }, [columns, height]);

  return <div ref={boxRef} className={styles.chart} aria-hidden="true" />;
}

/** A short line drawn like the series' line in the chart, for the legend. */
export function SeriesSwatch({ series }: { series: MoneySeries }) {
  const look = MONEY_SERIES_STYLES[series];
  return (
    <svg className={styles.swatch} width="28" height="10" viewBox="0 0 28 10" aria-hidden="true">
      <line
        x1="1"
        y1="5"
        x2="27"
        y2="5"
        // A style, not an attribute: presentation attributes do not read custom properties.
        style={{
          stroke: `var(${look.token})`,
          strokeWidth: look.width,
          strokeDasharray: look.dash?.join(' '),
        }}
      />
    </svg>
  );
}
