/** One bar group: a label and one value per series. */
export interface BarGroup {
  readonly label: string
  readonly values: readonly number[]
}

/** One line: a label and a y value per x. */
export interface Line {
  readonly label: string
  readonly values: readonly number[]
}

const COLORS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf']
const FONT = 'font-family="Helvetica, Arial, sans-serif"'

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** A text element; `attrs` may set its own `font-size` (11 otherwise). */
function text(x: number, y: number, content: string, attrs = ''): string {
  const size = attrs.includes('font-size=') ? '' : ' font-size="11"'
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${FONT}${size} ${attrs}>${escape(content)}</text>`
}

/**
 * Horizontal grouped bars (values in [0, max]) with a legend; drawn at (`x`, `y`), `width` wide.
 * Returns the SVG fragment and its height.
 */
export function barChart(x: number, y: number, width: number, title: string, series: readonly string[], groups: readonly BarGroup[], max = 1): { svg: string; height: number } {
  const labelWidth = 260
  const barHeight = 9
  const groupHeight = series.length * barHeight + 8
  const plotWidth = width - labelWidth - 50
  const parts: string[] = [text(x, y + 14, title, 'font-size="14" font-weight="bold"')]
  series.forEach((name, i) => {
    const lx = x + labelWidth + i * 150
    parts.push(`<rect x="${lx}" y="${y + 22}" width="10" height="10" fill="${COLORS[i % COLORS.length]}"/>`, text(lx + 14, y + 31, name))
  })
  const top = y + 42
  groups.forEach((group, g) => {
    const gy = top + g * groupHeight
    parts.push(text(x + labelWidth - 6, gy + groupHeight / 2 + 2, group.label, 'text-anchor="end"'))
    group.values.forEach((value, i) => {
      const w = Number.isFinite(value) ? (Math.max(0, value) / max) * plotWidth : 0
      const by = gy + i * barHeight
      parts.push(`<rect x="${x + labelWidth}" y="${by}" width="${w.toFixed(1)}" height="${barHeight - 1}" fill="${COLORS[i % COLORS.length]}"/>`)
      parts.push(text(x + labelWidth + w + 3, by + barHeight - 1, Number.isFinite(value) ? value.toFixed(3) : 'n/a', 'font-size="9"'))
    })
  })
  const bottom = top + groups.length * groupHeight
  for (let t = 0; t <= 5; t++) {
    const tx = x + labelWidth + (t / 5) * plotWidth
    parts.push(`<line x1="${tx}" y1="${top - 2}" x2="${tx}" y2="${bottom}" stroke="#ddd" stroke-width="0.5"/>`, text(tx, bottom + 12, ((t / 5) * max).toFixed(2), 'text-anchor="middle" font-size="9"'))
  }
  return { svg: parts.join('\n'), height: bottom + 20 - y }
}

/**
 * Lines over a categorical x axis with a log-scaled y axis; drawn at (`x`, `y`) in a `width` x
 * `height` box, legend to the right inside the box.
 */
export function logLineChart(x: number, y: number, width: number, height: number, title: string, xLabels: readonly string[], lines: readonly Line[], unit: string): string {
  const legendWidth = 260
  const plot = { left: x + 50, top: y + 28, width: width - 60 - legendWidth, height: height - 60 }
  const all = lines.flatMap((l) => l.values).filter((v) => v > 0 && Number.isFinite(v))
  const lo = Math.floor(Math.log10(Math.min(...all)))
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...all))))
  const px = (i: number): number => plot.left + (xLabels.length === 1 ? plot.width / 2 : (i / (xLabels.length - 1)) * plot.width)
  const py = (v: number): number => plot.top + plot.height - ((Math.log10(Math.max(v, 10 ** lo)) - lo) / Math.max(1, hi - lo)) * plot.height
  const parts: string[] = [text(x, y + 14, title, 'font-size="14" font-weight="bold"')]
  for (let e = lo; e <= hi; e++) {
    const gy = py(10 ** e)
    parts.push(`<line x1="${plot.left}" y1="${gy}" x2="${plot.left + plot.width}" y2="${gy}" stroke="#ddd" stroke-width="0.5"/>`, text(plot.left - 4, gy + 3, `${10 ** e >= 1 ? 10 ** e : (10 ** e).toPrecision(1)} ${unit}`, 'text-anchor="end" font-size="9"'))
  }
  xLabels.forEach((label, i) => parts.push(text(px(i), plot.top + plot.height + 14, label, 'text-anchor="middle" font-size="10"')))
  lines.forEach((line, i) => {
    const color = COLORS[i % COLORS.length]
    const points = line.values.map((v, j) => `${px(j).toFixed(1)},${py(v).toFixed(1)}`).join(' ')
    parts.push(`<polyline points="${points}" fill="none" stroke="${color}" stroke-width="1.5"/>`)
    line.values.forEach((v, j) => parts.push(`<circle cx="${px(j).toFixed(1)}" cy="${py(v).toFixed(1)}" r="2" fill="${color}"/>`))
    const ly = y + 30 + i * 14
    const lx = x + width - legendWidth + 10
    parts.push(`<line x1="${lx}" y1="${ly - 3}" x2="${lx + 14}" y2="${ly - 3}" stroke="${color}" stroke-width="2"/>`, text(lx + 18, ly, line.label, 'font-size="10"'))
  })
  return parts.join('\n')
}

/** Wraps fragments into a standalone SVG document with a white background. */
export function svgDocument(width: number, height: number, fragments: readonly string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    ...fragments,
    '</svg>',
    '',
  ].join('\n')
}
