import { MoreOutlined } from '@ant-design/icons'
import type { DeskSessionView, SessionFlagValue } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Dropdown, type MenuProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { deleteSession, migrateSession, setSessionFlag } from '../../../api/desk'
import { deskAgentId } from '../../../stores/desk'
import { lazyDialog } from '../lazyDialog'
import { deskKeys } from '../queryKeys'
import { applyRow, type DeskRow, removeRow } from './sessionCache'
import { updateSessionLists } from './useSessionList'

const DeleteSessionModal = lazyDialog(
  () => import('./DeleteSessionModal').then((m) => m.DeleteSessionModal<DeskRow>),
  (props) => props.session !== null,
)
const MigrateModal = lazyDialog(
  () => import('./MigrateModal').then((m) => m.MigrateModal),
  (props) => props.session !== null,
)

type ActionKey =
  | 'pin'
  | 'unpin'
  | 'read'
  | 'unread'
  | 'dndOn'
  | 'dndOff'
  | 'aiOn'
  | 'aiOff'
  | 'block'
  | 'unblock'
  | 'massSendAllow'
  | 'massSendForbid'
  | 'invalid'
  | 'restore'
  | 'migrate'
  | 'delete'

/** The flag and value behind each toggle of the menu. */
const TOGGLES: Partial<Record<ActionKey, [SessionFlagValue, boolean]>> = {
  pin: ['pinned', true],
  unpin: ['pinned', false],
  read: ['unread', false],
  unread: ['unread', true],
  dndOn: ['dnd', true],
  dndOff: ['dnd', false],
  aiOn: ['aiReply', true],
  aiOff: ['aiReply', false],
  block: ['blocked', true],
  unblock: ['blocked', false],
  massSendAllow: ['massSend', true],
  massSendForbid: ['massSend', false],
  invalid: ['invalid', true],
  restore: ['invalid', false],
}

/** Toggles that ask first: they stop messages to or from the customer. */
const CONFIRM: Partial<Record<ActionKey, string>> = {
  block: 'desk.actions.blockConfirm',
  invalid: 'desk.actions.invalidConfirm',
}

/** The menu a session offers, by its state (spec §4 toggles). */
function actionKeys(row: DeskSessionView): ActionKey[] {
  const keys: ActionKey[] = [
    row.pinned ? 'unpin' : 'pin',
    row.unreadCount > 0 ? 'read' : 'unread',
    row.dnd ? 'dndOff' : 'dndOn',
    row.aiReply ? 'aiOff' : 'aiOn',
    row.blocked ? 'unblock' : 'block',
  ]
  if (row.massSendEnabled !== null) keys.push(row.massSendEnabled ? 'massSendForbid' : 'massSendAllow')
  keys.push(row.invalid ? 'restore' : 'invalid', 'migrate')
  if (row.invalid) keys.push('delete')
  return keys
}

/**
 * The session actions: a menu per row and the dialogs behind it. Each change updates the lists,
 * the side panel and the sidebar counts from the server's answer; `onLeave` is told when the open
 * session should close (marked unread, migrated away, deleted).
 */
export function useSessionActions(onLeave: (sessionId: number) => void) {
  const { t } = useTranslation()
  const { message, modal } = App.useApp()
  const qc = useQueryClient()
  const [migrating, setMigrating] = useState<DeskRow | null>(null)
  const [deleting, setDeleting] = useState<DeskRow | null>(null)

  const refreshAround = (sessionId: number) => {
    void qc.invalidateQueries({ queryKey: deskKeys.countsAll })
    void qc.invalidateQueries({ queryKey: deskKeys.accounts })
    void qc.invalidateQueries({ queryKey: deskKeys.detail(sessionId) })
  }

  async function toggle(row: DeskRow, key: ActionKey) {
    const toggle = TOGGLES[key]
    if (!toggle) return
    const updated = await setSessionFlag(row.id, toggle[0], toggle[1])
    updateSessionLists(qc, (data, params) => applyRow(data, updated, params))
    refreshAround(row.id)
    message.success(t('desk.actions.done'))
    if (key === 'unread') onLeave(row.id)
  }

  function run(row: DeskRow, key: ActionKey) {
    if (key === 'migrate') return setMigrating(row)
    if (key === 'delete') return setDeleting(row)
    const confirmKey = CONFIRM[key]
    if (!confirmKey) return void toggle(row, key).catch(() => undefined)
    modal.confirm({
      title: t(`desk.actions.${key}`),
      content: t(confirmKey, { name: row.title }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => toggle(row, key).catch(() => undefined),
    })
  }

  /** The menu button of a row, or (`testId` given) of the open chat's header. */
  const renderMenu = (row: DeskRow, testId = `desk-session-actions-${row.id}`) => {
    const items: MenuProps['items'] = actionKeys(row).map((key) => ({
      key,
      danger: key === 'block' || key === 'invalid' || key === 'delete',
      label: <span data-testid={`desk-action-${key}`}>{t(`desk.actions.${key}`)}</span>,
    }))
    return (
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation()
            run(row, key as ActionKey)
          },
        }}
        placement="bottomRight"
      >
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={t('desk.actions.menu')}
          data-testid={testId}
        />
      </Dropdown>
    )
  }

  const dialogs = (
    <>
      <MigrateModal
        session={migrating}
        onClose={() => setMigrating(null)}
        onMigrate={async (row, userId) => {
          await migrateSession(row.id, userId)
          const agentId = deskAgentId()
          if (agentId !== null && userId !== agentId) {
            updateSessionLists(qc, (data) => removeRow(data, row.id))
            onLeave(row.id)
          } else {
            updateSessionLists(qc, (data, params) => applyRow(data, { ...row, agentUserId: userId }, params))
          }
          refreshAround(row.id)
          message.success(t('desk.migrate.done'))
          setMigrating(null)
        }}
      />
      <DeleteSessionModal
        session={deleting}
        onClose={() => setDeleting(null)}
        onDelete={async (row, reason) => {
          await deleteSession(row.id, reason)
          updateSessionLists(qc, (data) => removeRow(data, row.id))
          qc.removeQueries({ queryKey: deskKeys.detail(row.id) })
          void qc.invalidateQueries({ queryKey: deskKeys.countsAll })
          void qc.invalidateQueries({ queryKey: ['desk', 'deletions'] })
          message.success(t('common.deleted'))
          onLeave(row.id)
          setDeleting(null)
        }}
      />
    </>
  )

  return { renderMenu, dialogs }
}
