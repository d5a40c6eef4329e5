import type { CounterView } from '@app/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Button, DatePicker, Flex, Form, Modal, Popconfirm, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { counterShareUrl, revokeCounter, shareCounter } from '../../../api/diversion'
import { localTime } from './TallyView'

/** The counter's read-only share: create a link (with an optional expiry), copy it, or revoke it. */
export function ShareModal({ counter, onClose }: { counter: CounterView | null; onClose: () => void }) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const [expires, setExpires] = useState<Dayjs | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [current, setCurrent] = useState<CounterView | null>(null)
  const shown = current?.id === counter?.id ? current : counter
  const done = (v: CounterView | null) => {
    if (v) setCurrent(v)
    void qc.invalidateQueries({ queryKey: ['counter', 'list'] })
  }
  const share = useMutation({
    mutationFn: (id: number) => shareCounter(id, expires ? expires.valueOf() : null),
    onSuccess: done,
  })
  const revoke = useMutation({
    mutationFn: (id: number) => revokeCounter(id),
    onSuccess: () => counter && done({ ...counter, shareCode: null, shareExpiresAt: null }),
  })
  const create = () => {
    if (!counter) return
    if (expires && expires.valueOf() <= Date.now()) {
      setError(t('diversion.counter.expiresPast'))
      return
    }
    setError(null)
    share.mutate(counter.id)
  }
  return (
    <Modal
      open={counter !== null}
      title={t('diversion.counter.shareTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {shown?.shareCode ? (
          <>
            <Typography.Text strong>{t('diversion.counter.shareLink')}</Typography.Text>
            <Typography.Text copyable data-testid="counter-share-link">
              {counterShareUrl(shown.shareCode)}
            </Typography.Text>
            {shown.shareExpiresAt && (
              <Typography.Text type="secondary">
                {t('diversion.counter.expiresAt')}: {localTime(shown.shareExpiresAt)}
              </Typography.Text>
            )}
            <Popconfirm
              title={t('diversion.counter.revokeConfirm')}
              onConfirm={() => shown && revoke.mutate(shown.id)}
            >
              <Button danger loading={revoke.isPending} data-testid="counter-revoke">
                {t('diversion.counter.revoke')}
              </Button>
            </Popconfirm>
          </>
        ) : (
          <Typography.Text type="secondary">{t('diversion.counter.shareNone')}</Typography.Text>
        )}
        <Form layout="vertical">
          <Form.Item
            label={t('diversion.counter.expiresAt')}
            extra={t('diversion.counter.expiresHint')}
            validateStatus={error ? 'error' : undefined}
            help={error ?? undefined}
          >
            <DatePicker showTime value={expires} onChange={setExpires} style={{ width: '100%' }} />
          </Form.Item>
          <Button
            type="primary"
            onClick={create}
            loading={share.isPending}
            data-testid="counter-share-create"
          >
            {t('diversion.counter.createShare')}
          </Button>
        </Form>
      </Flex>
    </Modal>
  )
}
