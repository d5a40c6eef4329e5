import type { time as zh } from '../zh/time'

export const time: typeof zh = {
  justNow: 'just now',
  minutes: '{{count}} min ago',
  hours: '{{count}} h ago',
  days: '{{count}} d ago',
  months: '{{count}} mo ago',
  years: '{{count}} y ago',
  tomorrow: 'Tomorrow',
  dayAfterTomorrow: 'Day after tomorrow',
  oneWeekLater: 'One week later',
}
