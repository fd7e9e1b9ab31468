/** A number with `digits` decimals. */
export function fixed(value: number, digits = 3): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a'
}

/** Milliseconds, with fewer decimals as they grow. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a'
  return value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toFixed(3)
}

/** Bytes as MB (10^6). */
export function mb(bytes: number): string {
  return (bytes / 1e6).toFixed(1)
}

/** A ratio as `2.5x`. */
export function times(ratio: number): string {
  if (!Number.isFinite(ratio)) return 'n/a'
  return ratio >= 10 ? `${ratio.toFixed(0)}x` : `${ratio.toFixed(2)}x`
}

/** A signed difference in points of a [0, 1] metric, e.g. `+0.042`. */
export function delta(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(3)}`
}

/** A markdown table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}
