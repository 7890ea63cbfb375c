import { useEffect, useRef, useState } from 'react';
import { fillText } from '../../../../contract/page-messages';
import { adminTexts } from '../texts';
import styles from './daily-chart.module.css';

/** Drawn at the width it is shown at, so text and bars keep their size on any screen. */
const DEFAULT_WIDTH = 720;
const HEIGHT = 220;
const PADDING = { top: 16, right: 8, bottom: 28, left: 32 };
/** Label every fifth day so the axis stays readable on a phone. */
const LABEL_EVERY = 5;

/** A hand-drawn bar chart of notes per day (no chart library for thirty bars). */
export function DailyChart({ days }: { days: { date: string; count: number }[] }) {
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const max = Math.max(1, ...days.map((day) => day.count));
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const plotWidth = width - PADDING.left - PADDING.right;
  const plotHeight = HEIGHT - PADDING.top - PADDING.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.68);
  const y = (count: number) => PADDING.top + plotHeight - (count / max) * plotHeight;
  const summary = fillText(adminTexts.perDaySummary, {
    total,
    max: Math.max(0, ...days.map((day) => day.count)),
  });

  return (
    <figure className={styles.figure}>
      <div ref={frame} className={styles.frame}>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width={width}
          height={HEIGHT}
          className={styles.chart}
          role="img"
          aria-label={summary}
        >
          {[0, 0.5, 1].map((fraction) => {
            const value = Math.round(max * fraction);
            return (
              <g key={fraction}>
                <line
                  x1={PADDING.left}
                  x2={width - PADDING.right}
                  y1={y(value)}
                  y2={y(value)}
                  className={styles.grid}
                />
                <text
                  x={PADDING.left - 6}
                  y={y(value)}
                  className={styles.axis}
                  textAnchor="end"
                  dominantBaseline="middle"
                >
                  {value}
                </text>
              </g>
            );
          })}
          {days.map((day, index) => {
            const x = PADDING.left + index * slot + (slot - barWidth) / 2;
            const top = y(day.count);
            return (
              <g key={day.date}>
                <rect
                  x={x}
                  y={top}
                  width={barWidth}
                  height={Math.max(day.count > 0 ? 1 : 0, PADDING.top + plotHeight - top)}
                  rx={Math.min(3, barWidth / 2)}
                  className={styles.bar}
                >
                  <title>{fillText(adminTexts.dayBar, { date: day.date, count: day.count })}</title>
                </rect>
                {(index % LABEL_EVERY === 0 || index === days.length - 1) && (
                  <text
                    x={x + barWidth / 2}
                    y={HEIGHT - 8}
                    className={styles.axis}
                    textAnchor="middle"
                  >
                    {day.date.slice(5)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className={styles.caption}>{summary}</figcaption>
    </figure>
  );
}
