import { type BusinessHoursBody, DEFAULT_BUSINESS_HOURS } from '@app/core'

/** A business-hours body: the defaults with `over` replacing fields. */
export function hoursBody(over: Partial<BusinessHoursBody> = {}): BusinessHoursBody {
  return { ...DEFAULT_BUSINESS_HOURS, week: DEFAULT_BUSINESS_HOURS.week.map((d) => ({ ...d })), ...over }
}

/** Every day open around the clock, or closed all day. */
export function allWeek(open: boolean): BusinessHoursBody['week'] {
  return Array.from({ length: 7 }, () => ({ open, from: '00:00', to: '24:00' }))
}
