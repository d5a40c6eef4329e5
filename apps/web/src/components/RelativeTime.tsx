import { relativeTime, toMillis } from '@app/core'
import { Tooltip } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../utils/date'

/** "3 min ago" from core's relativeTime (spec §9), the exact time on hover; ticks every 30 s. */
export function RelativeTime({ value }: { value: number | string }) {
  const { t } = useTranslation()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(id)
  }, [])
  const ms = toMillis(value)
  if (!Number.isFinite(ms)) return null
  const { unit, value: count } = relativeTime(ms, now)
  return (
    <Tooltip title={formatDate(ms)}>
      <time dateTime={new Date(ms).toISOString()}>{t(`time.${unit}`, { count })}</time>
    </Tooltip>
  )
}
