import { type ButtonProps, DatePicker, Form, Modal } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

/** Snooze until a time picked (a day from today on, with its hour and minute); only a future time goes. */
export function SnoozeModal({
  open,
  onClose,
  onPick,
}: {
  open: boolean
  onClose: () => void
  onPick: (until: number) => Promise<void>
}) {
  const { t } = useTranslation()
  const [value, setValue] = useState<Dayjs | null>(null)
  const [saving, setSaving] = useState(false)
  const future = value !== null && value.valueOf() > Date.now()
  return (
    <Modal
      open={open}
      title={t('desk.status.pickTitle')}
      onCancel={onClose}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !future, 'data-testid': 'desk-snooze-ok' } as ButtonProps}
      confirmLoading={saving}
      afterClose={() => setValue(null)}
      onOk={async () => {
        if (!value || !future) return
        setSaving(true)
        await onPick(value.valueOf())
        setSaving(false)
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label={t('desk.status.pickLabel')}
          htmlFor="desk-snooze-time"
          validateStatus={value && !future ? 'error' : undefined}
          help={value && !future ? t('desk.status.pickRequired') : undefined}
        >
          <DatePicker
            id="desk-snooze-time"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={value}
            onChange={setValue}
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            style={{ width: '100%' }}
            data-testid="desk-snooze-time"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
