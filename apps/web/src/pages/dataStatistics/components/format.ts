/** A duration in the largest unit that keeps it readable: ms, seconds, minutes or hours. */
export function formatDuration(
  ms: number | null,
  t: (key: string, o?: Record<string, unknown>) => string,
): string {
  if (ms === null) return '-'
  if (ms < 1000) return t('statistics.duration.ms', { n: ms })
  if (ms < 60_000) return t('statistics.duration.s', { n: Math.round(ms / 100) / 10 })
  if (ms < 3_600_000) return t('statistics.duration.min', { n: Math.round(ms / 6_000) / 10 })
  return t('statistics.duration.h', { n: Math.round(ms / 360_000) / 10 })
}

/** A rate as a percentage with one decimal; '-' when there is nothing to rate. */
export const formatRate = (r: number | null): string => (r === null ? '-' : `${Math.round(r * 1000) / 10}%`)
