/** Relative time units of core's relativeTime(). */
export const time = {
  justNow: '刚刚',
  minutes: '{{count}}分钟前',
  hours: '{{count}}小时前',
  days: '{{count}}天前',
  months: '{{count}}个月前',
  years: '{{count}}年前',
  tomorrow: '明天',
  dayAfterTomorrow: '后天',
  oneWeekLater: '一周后',
}
