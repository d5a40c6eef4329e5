import { type ButtonProps, Empty, Form, Modal, Select } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDesk } from '../../../stores/desk'
import { useTenantAgents } from '../useTenantAgents'
import type { DeskRow } from './sessionCache'

/** Hand a session to another agent of the tenant (not the one whose desk this is). */
export function MigrateModal({
  session,
  onClose,
  onMigrate,
}: {
  session: DeskRow | null
  onClose: () => void
  onMigrate: (session: DeskRow, userId: number) => Promise<void>
}) {
  const { t } = useTranslation()
  const ownerId = useDesk((s) => s.owner?.userId)
  const [userId, setUserId] = useState<number | undefined>()
  const [error, setError] = useState(false)
  const [busy, setBusy] = useState(false)
  const open = session !== null
  const agents = useTenantAgents(open)
  const options = (agents.data ?? [])
    .filter((a) => a.id !== ownerId && a.id !== session?.agentUserId)
    .map((a) => ({
      value: a.id,
      label: a.nickname === a.username ? a.nickname : `${a.nickname} (${a.username})`,
    }))

  useEffect(() => {
    if (open) {
      setUserId(undefined)
      setError(false)
    }
  }, [open])

  const submit = async () => {
    if (!session) return
    if (!userId) return setError(true)
    setBusy(true)
    try {
      await onMigrate(session, userId)
    } catch {
      // the request client told the user; the dialog stays open
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('desk.migrate.title', { name: session?.title ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={
        { loading: busy, disabled: options.length === 0, 'data-testid': 'desk-migrate-submit' } as ButtonProps
      }
      destroyOnHidden
    >
      {agents.isSuccess && options.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('desk.migrate.none')} />
      ) : (
        <Form layout="vertical">
          <Form.Item
            label={t('desk.migrate.agent')}
            required
            validateStatus={error ? 'error' : undefined}
            help={error ? t('desk.migrate.agentRequired') : undefined}
          >
            <Select
              value={userId}
              onChange={(v) => {
                setUserId(v)
                setError(false)
              }}
              options={options}
              loading={agents.isLoading}
              placeholder={t('desk.migrate.agentPlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="desk-migrate-agent"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  )
}
