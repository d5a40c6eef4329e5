import { type ButtonProps, Empty, Form, Modal, Select, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useTenantAgents } from '../../customerServiceDesk/useTenantAgents'

/** Hand the selected customers' sessions to another agent of the tenant (not `exceptId`, whose desk this is). */
export function FanMigrateModal({
  open,
  exceptId,
  onClose,
  onSubmit,
}: {
  open: boolean
  exceptId: number | null
  onClose: () => void
  onSubmit: (userId: number) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const [userId, setUserId] = useState<number | undefined>()
  const [error, setError] = useState(false)
  const [busy, setBusy] = useState(false)
  const agents = useTenantAgents(open)
  const options = (agents.data ?? [])
    .filter((a) => a.id !== exceptId)
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
    if (!userId) return setError(true)
    setBusy(true)
    try {
      await onSubmit(userId)
    } catch {
      // the request client told the user; the dialog stays open
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('fans.migrateModal.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={
        { loading: busy, disabled: options.length === 0, 'data-testid': 'fan-migrate-ok' } as ButtonProps
      }
      destroyOnHidden
    >
      {agents.isSuccess && options.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fans.migrateModal.none')} />
      ) : (
        <Form layout="vertical">
          <Typography.Paragraph type="secondary">{t('fans.migrateModal.text')}</Typography.Paragraph>
          <Form.Item
            label={t('fans.migrateModal.agent')}
            required
            validateStatus={error ? 'error' : undefined}
            help={error ? t('fans.migrateModal.required') : undefined}
          >
            <Select
              value={userId}
              onChange={(v) => {
                setUserId(v)
                setError(false)
              }}
              options={options}
              showSearch={{ optionFilterProp: 'label' }}
              loading={agents.isLoading}
              data-testid="fan-migrate-agent"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  )
}
