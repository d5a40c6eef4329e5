import { checkAccountPhone } from '@app/core'
import { Alert, App, Button, Flex, Form, Input, Modal, Spin, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { startCodeLogin } from '../../../../api/account'
import { useRevalidateOnLanguage } from '../../../../hooks/useRevalidateOnLanguage'
import { checkRule } from '../../../../utils/formRules'
import { proxyRule } from './proxyFormat'
import { loginErrorKey, useLoginProgress } from './useLoginProgress'

interface Values {
  phone: string
  proxy?: string
}

interface Props {
  open: boolean
  /** the number of an existing account (an imported one), prefilled */
  phone?: string | null
  onClose: () => void
  onStarted: () => void
  onLinked: () => void
}

/** 'ABCD1234' as WhatsApp shows it: 'ABCD-1234'. */
const formatPairingCode = (code: string) =>
  code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code

/**
 * Link by pairing code: phone (and an optional proxy) in, the 8-character code out. The user
 * types the code on the phone; the dialog closes once the account is online. A code that takes
 * longer than the server waits arrives over the socket or the poll.
 */
export function PairingCodeModal({ open, phone, onClose, onStarted, onLinked }: Props) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)
  const [accountId, setAccountId] = useState<number | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [firstCode, setFirstCode] = useState<string | null>(null)
  const [linkedPhone, setLinkedPhone] = useState('')
  const finished = useRef<string | null>(null)
  const progress = useLoginProgress(accountId, { attempt, active: open })
  const code = progress.code ?? firstCode

  useEffect(() => {
    if (!open) return
    setAccountId(null)
    setFirstCode(null)
    form.setFieldsValue({ phone: phone ?? '', proxy: '' })
  }, [open, phone, form])

  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the link completing only
  useEffect(() => {
    const done = `${accountId}:${attempt}`
    if (progress.phase !== 'linked' || accountId === null || finished.current === done) return
    finished.current = done
    message.success(t('account.linked', { phone: linkedPhone }))
    onLinked()
    onClose()
  }, [progress.phase, accountId, attempt])

  const submit = async () => {
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    setBusy(true)
    try {
      const r = await startCodeLogin(values.phone.trim(), values.proxy?.trim() || undefined)
      setLinkedPhone(values.phone.trim())
      setFirstCode(r.code)
      setAttempt((a) => a + 1)
      setAccountId(r.accountId)
      onStarted()
    } catch {
      // the request client told the user (no free port, number taken, …); the form stays
    } finally {
      setBusy(false)
    }
  }

  const failed = progress.phase === 'failed'
  const showCode = accountId !== null && !failed
  const footer = showCode ? (
    <Button onClick={onClose}>{t('common.cancel')}</Button>
  ) : (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="account-code-submit">
        {t('account.getCode')}
      </Button>
    </Flex>
  )

  return (
    <Modal
      open={open}
      title={t('account.codeTitle')}
      onCancel={onClose}
      footer={footer}
      width={460}
      forceRender
      modalRender={(node) => <div data-testid="account-code-dialog">{node}</div>}
    >
      {failed ? (
        <Alert
          type="warning"
          showIcon
          title={t(loginErrorKey(progress.error))}
          style={{ marginBottom: 16 }}
          data-testid="account-code-error"
        />
      ) : null}
      <Form form={form} layout="vertical" autoComplete="off" hidden={showCode}>
        <Form.Item
          name="phone"
          label={t('account.codePhone')}
          required
          rules={[checkRule(checkAccountPhone)]}
        >
          <Input
            placeholder={t('account.codePhonePlaceholder')}
            maxLength={40}
            disabled={!!phone}
            data-testid="account-code-phone"
          />
        </Form.Item>
        <Form.Item name="proxy" label={t('account.codeProxy')} rules={[proxyRule]}>
          <Input
            placeholder={t('account.proxyPlaceholder')}
            maxLength={300}
            data-testid="account-code-proxy"
          />
        </Form.Item>
      </Form>
      {showCode ? (
        <Flex vertical align="center" gap={12} style={{ minHeight: 180 }}>
          <Typography.Paragraph type="secondary">{t('account.codeSteps')}</Typography.Paragraph>
          {progress.phase === 'connecting' ? (
            <>
              <Spin />
              <Typography.Text type="secondary">{t('account.linking')}</Typography.Text>
            </>
          ) : code ? (
            <Typography.Text
              copyable={{ text: code, onCopy: () => message.success(t('account.codeCopied')) }}
              strong
              style={{ fontSize: 32, letterSpacing: 4, fontFamily: 'monospace' }}
              data-testid="account-code-value"
              data-code={code}
            >
              {formatPairingCode(code)}
            </Typography.Text>
          ) : (
            <>
              <Spin />
              <Typography.Text type="secondary" data-testid="account-code-waiting">
                {t('account.codeWaiting')}
              </Typography.Text>
            </>
          )}
        </Flex>
      ) : null}
    </Modal>
  )
}
