import { CheckOutlined } from '@ant-design/icons'
import { Button, Flex, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BulkSelection } from './useBulkSelection'

/** The selection mode's bar: tick all, how many are ticked, and resolve them together. */
export function BulkBar({
  selection,
  total,
  onResolve,
}: {
  selection: BulkSelection
  total: number
  onResolve: (ids: number[]) => Promise<boolean>
}) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const count = selection.checked.size
  const all = useRef<HTMLInputElement>(null)
  // "some ticked" shows as a dash in the box: a state only script can set
  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && count < total
  }, [count, total])
  const resolve = async () => {
    setBusy(true)
    const ok = await onResolve([...selection.checked])
    setBusy(false)
    if (ok) selection.setAll(false)
  }
  return (
    <Flex align="center" gap={8} data-testid="desk-bulk-bar">
      <label className="desk-check-label">
        <input
          ref={all}
          type="checkbox"
          className="desk-check"
          checked={total > 0 && count === total}
          disabled={total === 0}
          onChange={(e) => selection.setAll(e.target.checked)}
          data-testid="desk-bulk-all"
        />
        {t('desk.bulk.selectAll')}
      </label>
      <Typography.Text type="secondary" style={{ flex: 1, fontSize: 12 }} aria-live="polite">
        {t('desk.bulk.selected', { count })}
      </Typography.Text>
      <Button
        size="small"
        type="primary"
        icon={<CheckOutlined />}
        disabled={count === 0}
        loading={busy}
        onClick={() => void resolve()}
        data-testid="desk-bulk-resolve"
      >
        {t('desk.bulk.resolve')}
      </Button>
    </Flex>
  )
}
