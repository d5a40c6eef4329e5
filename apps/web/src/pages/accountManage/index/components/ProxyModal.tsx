import type { WsAccountView } from '@app/core'
import { Button, Flex, Form, Input, Modal, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidateOnLanguage } from '../../../../hooks/useRevalidateOnLanguage'
import { proxyRule } from './proxyFormat'

interface Props {
  open: boolean
  rows: WsAccountView[]
  onClose: () => void
  /** empty text clears the proxy */
  onSubmit: (proxy: string) => Promise<unknown>
}

/** Set or clear the proxy of one or more accounts; the stored password is never shown. */
export function ProxyModal({ open, rows, onClose, onSubmit }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ proxy: string }>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState<'save' | 'clear' | null>(null)
  const current = rows.length === 1 ? rows[0]?.proxy : ''

  useEffect(() => {
    if (open) form.setFieldsValue({ proxy: '' })
  }, [open, form])

  const send = async (kind: 'save' | 'clear') => {
    let proxy = ''
    if (kind === 'save') {
      try {
        proxy = (await form.validateFields()).proxy?.trim() ?? ''
      } catch {
        return
      }
    }
    setBusy(kind)
    try {
      await onSubmit(proxy)
      onClose()
    } catch {
      // shown by the request client; the dialog stays open
    } finally {
      setBusy(null)
    }
  }

  return (
    <Modal
      open={open}
      title={t('account.proxyTitle')}
      onCancel={onClose}
      width={480}
      forceRender
      modalRender={(node) => <div data-testid="account-proxy-dialog">{node}</div>}
      footer={
        <Flex justify="space-between">
          <Button
            danger
            loading={busy === 'clear'}
            onClick={() => void send('clear')}
            data-testid="account-proxy-clear"
          >
            {t('account.clearProxy')}
          </Button>
          <Flex gap={8}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              loading={busy === 'save'}
              onClick={() => void send('save')}
              data-testid="account-proxy-save"
            >
              {t('common.save')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      {rows.length > 1 ? (
        <Typography.Paragraph>{t('account.selected', { count: rows.length })}</Typography.Paragraph>
      ) : null}
      {current ? (
        <Typography.Paragraph type="secondary">
          {t('account.proxyCurrent', { proxy: current })}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item name="proxy" label={t('account.proxy')} rules={[proxyRule]} extra={t('account.proxyHint')}>
          <Input
            placeholder={t('account.proxyPlaceholder')}
            maxLength={300}
            data-testid="account-proxy-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
