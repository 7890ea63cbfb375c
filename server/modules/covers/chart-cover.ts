import { coverSize } from './cover-size.ts';
import type { CoverAspect } from './cover-size.ts';
import { SANS_FAMILIES } from './fonts.ts';
import { escapeXml, wrapText } from './svg-text.ts';

export interface ChartCoverInput {
  title: string;
  /** What the numbers count, shown under the title (e.g. 每秒生成的 token 数). */
  unit: string;
  bars: Array<{ label: string; value: number }>;
  aspect?: CoverAspect;
  /** Background, ink, and the bars' colour. */
  colours?: { background: string; ink: string; bar: string };
}

const DEFAULT_COLOURS = { background: '#f8fafc', ink: '#0f172a', bar: '#6366f1' };

/** A figure as it would be drawn for a data note: a bar chart with its values, and the title. */
export function chartCoverSvg({
  title,
  unit,
  bars,
  aspect = '4:3',
  colours = DEFAULT_COLOURS,
}: ChartCoverInput): string {
  const { width, height } = coverSize(aspect);
  const pad = Math.round(width * 0.07);
  const titleSize = Math.round(Math.min(width, height) * 0.085);
  const titleLines = wrapText(title, (width - pad * 2) / titleSize).slice(0, 2);
  const unitY = pad + titleLines.length * titleSize * 1.25 + titleSize * 0.2;
  const chartTop = unitY + titleSize;
  const labelSize = Math.round(titleSize * 0.6);
  const baseline = height - pad - labelSize * 1.6;
  const chartHeight = baseline - chartTop - labelSize * 1.6;
  const max = Math.max(...bars.map((bar) => bar.value), 1);
  const slot = (width - pad * 2) / Math.max(bars.length, 1);
  const barWidth = slot * 0.56;

  const titleSvg = titleLines
    .map(
      (line, index) =>
        `<tspan x="${pad}" y="${pad + titleSize + index * titleSize * 1.25}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const gridLines = [0.25, 0.5, 0.75, 1]
    .map((share) => {
      const y = baseline - chartHeight * share;
      return `<line x1="${pad}" x2="${width - pad}" y1="${y}" y2="${y}" stroke="${colours.ink}" stroke-opacity="0.08" stroke-width="2"/>`;
    })
    .join('');
  const barsSvg = bars
    .map((bar, index) => {
      const h = Math.max(4, (chartHeight * bar.value) / max);
      const x = pad + slot * index + (slot - barWidth) / 2;
      const centre = x + barWidth / 2;
      const opacity = (0.45 + (0.55 * (index + 1)) / bars.length).toFixed(2);
      return `<rect x="${x}" y="${baseline - h}" width="${barWidth}" height="${h}" rx="${barWidth * 0.12}" fill="${colours.bar}" opacity="${opacity}"/>
  <text x="${centre}" y="${baseline - h - labelSize * 0.5}" text-anchor="middle" font-size="${labelSize}" font-weight="700" fill="${colours.ink}">${escapeXml(String(bar.value))}</text>
  <text x="${centre}" y="${baseline + labelSize * 1.4}" text-anchor="middle" font-size="${labelSize}" fill="${colours.ink}" fill-opacity="0.7">${escapeXml(bar.label)}</text>`;
    })
    .join('\n  ');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="100%" height="100%" fill="${colours.background}"/>
  <g font-family="${SANS_FAMILIES}">
  <text font-weight="800" font-size="${titleSize}" fill="${colours.ink}">${titleSvg}</text>
  <text x="${pad}" y="${unitY + labelSize}" font-size="${labelSize}" fill="${colours.ink}" fill-opacity="0.6">${escapeXml(unit)}</text>
  ${gridLines}
  <line x1="${pad}" x2="${width - pad}" y1="${baseline}" y2="${baseline}" stroke="${colours.ink}" stroke-opacity="0.3" stroke-width="3"/>
  ${barsSvg}
  </g>
</svg>`;
}
