const DAY_MS = 86_400_000

/** A whole number drawn evenly in [min, max] (a delay in seconds, or a round's size). */
export function draw(min: number, max: number, random: () => number): number {
  return min + Math.floor(random() * (max - min + 1))
}

/** The day number of an instant, at the task creator's offset from UTC (where the daily cap's day starts). */
export function dayKey(at: number, utcOffsetMinutes: number): number {
  return Math.floor((at + utcOffsetMinutes * 60_000) / DAY_MS)
}

/** When the day after `day` starts, at that offset. */
export function dayStart(day: number, utcOffsetMinutes: number): number {
  return day * DAY_MS - utcOffsetMinutes * 60_000
}
