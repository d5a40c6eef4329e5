import { type AgentGroupView, groupServiceLevelBody } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { type ButtonProps, Flex, Form, InputNumber, Modal, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { setAgentGroupServiceLevel } from '../../api/agents'
import { getServiceLevel, SupportKey } from '../../api/support'
import { useRevalidateOnLanguage } from '../../hooks/useRevalidateOnLanguage'
import { zodRule } from '../../utils/formRules'

type Values = { firstResponseMinutes: number | null; nextResponseMinutes: number | null }
/** an empty field is fine: the team's target */
const field = (key: keyof Values) => zodRule(groupServiceLevelBody.shape[key].optional())

/**
 * A group's own response targets, in business minutes: an empty field uses the team's (shown
 * beside it). Saved, they count for the sessions of the group's agents on the desk and in the
 * statistics.
 */
export function GroupTargetsModal(props: {
  group: AgentGroupView | null
  onClose: () => void
  onSaved: () => Promise<unknown>
}) {
  const { group, onClose, onSaved } = props
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)
  const team = useQuery({
    queryKey: SupportKey.serviceLevel,
    queryFn: getServiceLevel,
    enabled: group !== null,
  })

  useEffect(() => {
    if (!group) return
    form.resetFields()
    form.setFieldsValue({
      firstResponseMinutes: group.firstResponseMinutes,
      nextResponseMinutes: group.nextResponseMinutes,
    })
  }, [group, form])

  const submit = async () => {
    if (!group) return
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    setBusy(true)
    try {
      await setAgentGroupServiceLevel({
        id: group.id,
        firstResponseMinutes: values.firstResponseMinutes ?? null,
        nextResponseMinutes: values.nextResponseMinutes ?? null,
      })
      await onSaved()
      onClose()
    } catch {
      // shown by the request client; the dialog stays open
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={group !== null}
      title={t('agents.targetsTitle', { name: group?.name ?? '' })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ loading: busy, 'data-testid': 'group-targets-save' } as ButtonProps}
      forceRender
      modalRender={(node) => <div data-testid="group-targets-dialog">{node}</div>}
    >
      <Form form={form} layout="vertical" autoComplete="off" onFinish={() => void submit()}>
        <Typography.Paragraph type="secondary">
          {t('agents.targetsHint', {
            first: team.data?.firstResponseMinutes ?? '-',
            next: team.data?.nextResponseMinutes ?? '-',
          })}
        </Typography.Paragraph>
        <Flex gap={24} wrap>
          <Form.Item
            name="firstResponseMinutes"
            label={t('support.firstResponse')}
            rules={[field('firstResponseMinutes')]}
          >
            <InputNumber
              style={{ width: 160 }}
              placeholder={String(team.data?.firstResponseMinutes ?? '')}
              data-testid="group-targets-first"
            />
          </Form.Item>
          <Form.Item
            name="nextResponseMinutes"
            label={t('support.nextResponse')}
            rules={[field('nextResponseMinutes')]}
          >
            <InputNumber
              style={{ width: 160 }}
              placeholder={String(team.data?.nextResponseMinutes ?? '')}
              data-testid="group-targets-next"
            />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  )
}
