import { ReloadOutlined } from '@ant-design/icons'
import { Alert, App, Button, Flex, Modal, Spin, Typography } from 'antd'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { startQrLogin } from '../../../../api/account'
import { ApiError, isDuplicateRequest } from '../../../../api/request'
import { loginErrorKey, useLoginProgress } from './useLoginProgress'

export interface LoginTarget {
  id: number
  phone: string | null
}

interface Props {
  open: boolean
  /** the account to link again; null links a new account */
  target: LoginTarget | null
  onClose: () => void
  /** a login started (a new account row now exists) */
  onStarted: () => void
  onLinked: () => void
}

/** Seconds until `expiresAt`, ticking. */
function useSecondsLeft(expiresAt: number | undefined): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!expiresAt) return
    setNow(Date.now())
    const id = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(id)
  }, [expiresAt])
  return expiresAt ? Math.max(0, Math.ceil((expiresAt - now) / 1000)) : 0
}

/**
 * Link by QR: starts a login when opened and shows the QR image the server pushes (it changes
 * when the code rotates). An expired QR offers a fresh one; a completed link closes the dialog.
 * A new account whose QR expired is dropped by the server, so "scan again" starts a new one;
 * an existing account is linked again under its own id.
 */
export function QrLoginModal({ open, target, onClose, onStarted, onLinked }: Props) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [accountId, setAccountId] = useState<number | null>(null)
  const [attempt, setAttempt] = useState(0)
  const [startError, setStartError] = useState<string | null>(null)
  const run = useRef(0)
  const startedOpen = useRef(false)
  const finished = useRef<string | null>(null)
  const progress = useLoginProgress(accountId, {
    attempt,
    active: open,
    goneError: target ? 'gone' : 'qr_expired',
  })
  const secondsLeft = useSecondsLeft(progress.phase === 'qr' ? progress.expiresAt : undefined)

  const start = async () => {
    const mine = ++run.current
    setStartError(null)
    setAccountId(null)
    try {
      const r = await startQrLogin(target?.id)
      if (mine !== run.current) return
      setAttempt(mine)
      setAccountId(r.accountId)
      onStarted()
    } catch (err) {
      if (mine !== run.current || isDuplicateRequest(err)) return
      setStartError(err instanceof ApiError ? err.message : t('request.error'))
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: a login starts once per opening
  useEffect(() => {
    if (!open) {
      startedOpen.current = false
      run.current++
      setAccountId(null)
      return
    }
    if (startedOpen.current) return
    startedOpen.current = true
    void start()
  }, [open])

  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the link completing only
  useEffect(() => {
    const done = `${accountId}:${attempt}`
    if (progress.phase !== 'linked' || accountId === null || finished.current === done) return
    finished.current = done
    const phone = progress.phone ?? target?.phone
    message.success(phone ? t('account.linked', { phone }) : t('account.linkedNoPhone'))
    onLinked()
    onClose()
  }, [progress.phase, accountId, attempt])

  const again = (label: string) => (
    <Button
      type="primary"
      icon={<ReloadOutlined />}
      onClick={() => void start()}
      data-testid="account-qr-again"
    >
      {label}
    </Button>
  )

  let body: ReactNode
  if (startError) {
    body = (
      <>
        <Alert type="error" showIcon title={startError} data-testid="account-qr-error" />
        {again(t('account.tryAgain'))}
      </>
    )
  } else if (progress.phase === 'failed') {
    body = (
      <>
        <Alert
          type="warning"
          showIcon
          title={t(loginErrorKey(progress.error))}
          data-testid="account-qr-error"
        />
        {again(progress.error === 'qr_expired' ? t('account.scanAgain') : t('account.tryAgain'))}
      </>
    )
  } else if (progress.phase === 'qr' && progress.qrDataUrl) {
    body = (
      <>
        <img
          src={progress.qrDataUrl}
          alt="QR"
          width={264}
          height={264}
          data-testid="account-qr-image"
          data-qr={accountId ?? undefined}
        />
        <Typography.Text type="secondary" data-testid="account-qr-countdown">
          {secondsLeft > 0 ? t('account.qrRefreshIn', { seconds: secondsLeft }) : t('account.qrRefreshing')}
        </Typography.Text>
      </>
    )
  } else {
    const connecting = progress.phase === 'connecting'
    body = (
      <Flex vertical align="center" gap={12} style={{ paddingTop: 48 }}>
        <Spin size="large" />
        <Typography.Text type="secondary" data-testid="account-qr-waiting">
          {connecting ? t('account.linking') : t('account.qrPreparing')}
        </Typography.Text>
      </Flex>
    )
  }

  return (
    <Modal
      open={open}
      title={target?.phone ? t('account.qrRelinkTitle', { phone: target.phone }) : t('account.qrTitle')}
      onCancel={onClose}
      footer={null}
      width={420}
      destroyOnHidden
      modalRender={(node) => <div data-testid="account-qr-dialog">{node}</div>}
    >
      <Flex vertical align="center" gap={12} style={{ minHeight: 340 }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('account.qrSteps')}
        </Typography.Paragraph>
        {body}
      </Flex>
    </Modal>
  )
}
