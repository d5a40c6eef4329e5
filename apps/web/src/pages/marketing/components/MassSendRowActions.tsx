import { MassSendAction, type MassSendActionValue, type MassSendTaskView } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, type ButtonProps, Flex, Popconfirm } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { actOnMassSend, deleteMassSend } from '../../../api/massSend'
import { useMassSendKeys } from './MassSendLive'

/** The actions in the order a row offers them. */
const ORDER: MassSendActionValue[] = [
  MassSendAction.start,
  MassSendAction.pause,
  MassSendAction.resume,
  MassSendAction.terminate,
  MassSendAction.delete,
]
/** Actions that cannot be undone ask first. */
const CONFIRM: MassSendActionValue[] = [MassSendAction.terminate, MassSendAction.delete]

interface Props {
  task: Pick<MassSendTaskView, 'id' | 'name' | 'can'>
  /** opens the task's log; absent: no log button */
  onLog?: () => void
  onDeleted?: () => void
}

/**
 * A task's actions (spec §4): exactly those the task's `can` allows (the server's answer, or the
 * contract's helper for a status pushed on the socket); delete is never offered while executing.
 */
export function MassSendRowActions({ task, onLog, onDeleted }: Props) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const keys = useMassSendKeys()
  const [busy, setBusy] = useState<MassSendActionValue | null>(null)

  const run = async (action: MassSendActionValue) => {
    setBusy(action)
    try {
      if (action === MassSendAction.delete) await deleteMassSend(task.id)
      else await actOnMassSend(action, task.id)
      message.success(t(`massSend.done.${action}`))
      if (action === MassSendAction.delete) onDeleted?.()
    } catch {
      // the request client showed the server's reason
    } finally {
      setBusy(null)
      await qc.invalidateQueries({ queryKey: keys.pages })
      if (action !== MassSendAction.delete) await qc.invalidateQueries({ queryKey: keys.detail(task.id) })
    }
  }

  const button = (action: MassSendActionValue, props: ButtonProps = {}) => (
    <Button
      size="small"
      type="link"
      danger={action === MassSendAction.terminate || action === MassSendAction.delete}
      loading={busy === action}
      data-testid={`mass-send-${action}-${task.id}`}
      {...props}
    >
      {t(`massSend.actions.${action}`)}
    </Button>
  )

  return (
    <Flex gap={0} wrap data-testid={`mass-send-actions-${task.id}`}>
      {onLog ? (
        <Button size="small" type="link" onClick={onLog} data-testid={`mass-send-log-${task.id}`}>
          {t('massSend.actions.log')}
        </Button>
      ) : null}
      {ORDER.filter((a) => task.can[a]).map((action) =>
        CONFIRM.includes(action) ? (
          <Popconfirm
            key={action}
            title={t(`massSend.confirm.${action}`, { name: task.name })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={
              { danger: true, 'data-testid': `mass-send-${action}-confirm-${task.id}` } as ButtonProps
            }
            onConfirm={() => run(action)}
          >
            {button(action)}
          </Popconfirm>
        ) : (
          <span key={action}>{button(action, { onClick: () => void run(action) })}</span>
        ),
      )}
    </Flex>
  )
}
