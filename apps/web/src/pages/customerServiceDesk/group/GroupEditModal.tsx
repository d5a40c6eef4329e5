import {
  GROUP_DESCRIPTION_MAX,
  GROUP_SUBJECT_MAX,
  type GroupEditPermissionValue,
  type GroupInfoView,
} from '@app/core'
import { App, type ButtonProps, Form, Input, Modal, Radio, Switch, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type GroupUpdate, updateGroup } from '../../../api/group'

interface Values {
  subject: string
  description: string
  editPermission: GroupEditPermissionValue
  announce: boolean
}

/** Only what differs from the group is sent. */
function changes(info: GroupInfoView, v: Values, can: GroupInfoView['can']): GroupUpdate {
  const patch: GroupUpdate = {}
  if (can.editInfo && v.subject.trim() !== info.subject) patch.subject = v.subject.trim()
  if (can.editInfo && v.description.trim() !== info.description) patch.description = v.description.trim()
  if (can.editSettings && v.editPermission !== info.editPermission) patch.editPermission = v.editPermission
  if (can.editSettings && v.announce !== info.announce) patch.announce = v.announce
  return patch
}

/**
 * Edit the group: name and description (any member, or admins only when the group says so), who
 * may edit them and the announcement group (owner/admin). Submitted to WhatsApp; the panel shows
 * the change when WhatsApp confirms.
 */
export function GroupEditModal({
  open,
  info,
  onClose,
}: {
  open: boolean
  info: GroupInfoView
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const { can } = info

  useEffect(() => {
    if (open)
      form.setFieldsValue({
        subject: info.subject,
        description: info.description,
        editPermission: info.editPermission,
        announce: info.announce,
      })
  }, [open, info, form])

  const submit = async () => {
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    const patch = changes(info, values, can)
    if (Object.keys(patch).length === 0) {
      message.warning(t('group.editModal.nothingChanged'))
      return
    }
    setBusy(true)
    try {
      await updateGroup(info.sessionId, patch)
      message.success(t('group.submitted'))
      onClose()
    } catch {
      // the request client told the user; the dialog stays
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('group.editModal.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'group-edit-save' } as ButtonProps}
      forceRender
    >
      <Form form={form} layout="vertical" autoComplete="off">
        {can.editInfo ? null : (
          <Typography.Paragraph type="secondary">{t('group.editModal.infoOnlyAdmin')}</Typography.Paragraph>
        )}
        <Form.Item
          name="subject"
          label={t('group.editModal.subject')}
          rules={
            can.editInfo
              ? [
                  { required: true, whitespace: true, message: t('group.editModal.subjectRequired') },
                  {
                    max: GROUP_SUBJECT_MAX,
                    message: t('group.editModal.subjectLength', { max: GROUP_SUBJECT_MAX }),
                  },
                ]
              : []
          }
        >
          <Input
            disabled={!can.editInfo}
            showCount
            maxLength={GROUP_SUBJECT_MAX}
            data-testid="group-edit-subject"
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('group.description')}
          rules={[
            {
              max: GROUP_DESCRIPTION_MAX,
              message: t('group.editModal.descriptionLength', { max: GROUP_DESCRIPTION_MAX }),
            },
          ]}
        >
          <Input.TextArea
            disabled={!can.editInfo}
            rows={4}
            placeholder={t('group.editModal.descriptionPlaceholder')}
            maxLength={GROUP_DESCRIPTION_MAX}
            data-testid="group-edit-description"
          />
        </Form.Item>
        {can.editSettings ? null : (
          <Typography.Paragraph type="secondary">
            {t('group.editModal.settingsOnlyAdmin')}
          </Typography.Paragraph>
        )}
        <Form.Item name="editPermission" label={t('group.editPermission')}>
          <Radio.Group disabled={!can.editSettings} data-testid="group-edit-permission">
            <Radio value="all">{t('group.editPermissionAll')}</Radio>
            <Radio value="admin">{t('group.editPermissionAdmin')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="announce"
          label={t('group.announce')}
          valuePropName="checked"
          extra={t('group.announceOn')}
        >
          <Switch disabled={!can.editSettings} data-testid="group-edit-announce" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
