import { Button, type ButtonProps, Modal } from 'antd'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

export interface ConfirmCountdownButtonProps extends Omit<ButtonProps, 'onClick' | 'title' | 'content'> {
  /** Seconds the confirm button stays disabled (spec §5 "Confirm with countdown"). */
  seconds?: number
  title: ReactNode
  content?: ReactNode
  /** Label of the confirm button; defaults to "OK". */
  okText?: string
  /** The dialog stays open, its button loading, until this settles; it closes on success. */
  onConfirm: () => unknown
  testId?: string
}

/** A button that asks for confirmation in a dialog whose confirm button counts down first. */
export function ConfirmCountdownButton({
  seconds = 3,
  title,
  content,
  okText,
  onConfirm,
  testId,
  children,
  ...buttonProps
}: ConfirmCountdownButtonProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [remaining, setRemaining] = useState(seconds)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!open) return
    const deadline = Date.now() + seconds * 1000
    setRemaining(seconds)
    const id = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
      setRemaining(left)
      if (left === 0) clearInterval(id)
    }, 200)
    return () => clearInterval(id)
  }, [open, seconds])

  const label = okText ?? t('common.ok')
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
      setOpen(false)
    } catch {
      // the request client already told the user; the dialog stays for another try
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button {...buttonProps} data-testid={testId} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Modal
        open={open}
        title={title}
        onCancel={() => setOpen(false)}
        onOk={confirm}
        okText={remaining > 0 ? t('common.countdown', { label, seconds: remaining }) : label}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: buttonProps.danger, disabled: remaining > 0, loading: busy }}
        destroyOnHidden
        width={420}
      >
        {content}
      </Modal>
    </>
  )
}
