import { PlusOutlined } from '@ant-design/icons'
import type { MassSendTaskView } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { Button } from 'antd'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { MassSendListMode } from './MassSendColumns'
import { MassSendFormDrawer } from './MassSendFormDrawer'
import { type MassSendScope, MassSendScopeContext, massSendKeys } from './MassSendLive'
import { MassSendLogDrawer } from './MassSendLogDrawer'
import { MassSendTaskList } from './MassSendTaskList'

interface Props {
  scope: MassSendScope
  mode: MassSendListMode
  /** offer the new-task form */
  creates: boolean
}

/**
 * The mass-send screen: the task list with live counters, the new-task drawer, and a task's log in
 * a drawer (`?taskId=` opens it, so a log can be linked to).
 */
export function MassSendScreen({ scope, mode, creates }: Props) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const [params, setParams] = useSearchParams()
  const [formOpen, setFormOpen] = useState(false)
  const taskId = Number(params.get('taskId')) || null

  const openLog = useCallback(
    (task: MassSendTaskView) =>
      setParams((p) => {
        const next = new URLSearchParams(p)
        next.set('taskId', String(task.id))
        return next
      }),
    [setParams],
  )
  const closeLog = () =>
    setParams((p) => {
      const next = new URLSearchParams(p)
      next.delete('taskId')
      return next
    })

  return (
    <MassSendScopeContext.Provider value={scope}>
      <MassSendTaskList
        mode={mode}
        onLog={openLog}
        extra={
          creates ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setFormOpen(true)}
              data-testid="mass-send-create"
            >
              {t('massSend.form.title')}
            </Button>
          ) : null
        }
      />
      {creates && formOpen ? (
        <MassSendFormDrawer
          open
          onClose={() => setFormOpen(false)}
          onCreated={() => void qc.invalidateQueries({ queryKey: massSendKeys(scope).pages })}
        />
      ) : null}
      <MassSendLogDrawer taskId={taskId} onClose={closeLog} />
    </MassSendScopeContext.Provider>
  )
}
