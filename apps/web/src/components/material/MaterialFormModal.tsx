import {
  MATERIAL_NAME_MAX,
  type MaterialOwnerTypeValue,
  type MaterialTypeValue,
  type MaterialUsageValue,
  type MaterialView,
  materialContent,
  USAGE_TYPES,
} from '@app/core'
import { App, type ButtonProps, Form, Input, Modal, Radio, Select, Switch } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createMaterial, updateMaterial } from '../../api/material'
import { useRevalidateOnLanguage } from '../../hooks/useRevalidateOnLanguage'
import { validationText } from '../../i18n'
import { MaterialContentFields } from './MaterialContentFields'
import { fieldOfIssue, fromMaterial, type MaterialFormValues, nameRule, toContent } from './materialForm'
import { TYPE_ICONS } from './materialTypes'
import { useMaterialGroups } from './useMaterials'

interface Props {
  open: boolean
  ownerType: MaterialOwnerTypeValue
  usage: MaterialUsageValue
  /** the material being changed; null creates one */
  editing: MaterialView | null
  onClose: () => void
  onSaved: () => unknown
}

/** The order types are offered in: the everyday ones first. */
const TYPE_ORDER: MaterialTypeValue[] = [
  'text',
  'image',
  'gif',
  'video',
  'voice',
  'file',
  'location',
  'card',
  'link',
]
const typesOf = (usage: MaterialUsageValue) => TYPE_ORDER.filter((ty) => USAGE_TYPES[usage].includes(ty))

const initialValues = (usage: MaterialUsageValue): MaterialFormValues => ({
  type: typesOf(usage)[0] ?? 'text',
  name: '',
  groupId: null,
  enabled: true,
  file: null,
})

/** Create or change a material of a library: its type, name, group, enabled flag and content. */
export function MaterialFormModal({ open, ownerType, usage, editing, onClose, onSaved }: Props) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<MaterialFormValues>()
  useRevalidateOnLanguage(form)
  const [busy, setBusy] = useState(false)
  const groups = useMaterialGroups(ownerType, open)
  const types = typesOf(usage)
  const type = Form.useWatch('type', form) ?? types[0] ?? 'text'
  /** the name was typed (a nickname no longer fills it) */
  const nameTyped = useRef(false)

  useEffect(() => {
    if (!open) return
    nameTyped.current = false
    form.resetFields()
    form.setFieldsValue(editing ? fromMaterial(editing) : initialValues(usage))
  }, [open, editing, usage, form])

  const onValuesChange = (changed: Partial<MaterialFormValues>, all: MaterialFormValues) => {
    // a file of another type does not fit the new one
    if (changed.type) form.setFieldsValue({ file: null })
    if (changed.file && all.type === 'file' && !all.fileName?.trim())
      form.setFieldsValue({ fileName: changed.file.fileName })
    // a nickname names its material until the name is typed
    if (changed.name !== undefined) nameTyped.current = true
    if (!editing && usage === 'nickname' && changed.text !== undefined && !nameTyped.current)
      form.setFieldsValue({ name: changed.text.trim().slice(0, MATERIAL_NAME_MAX) })
  }

  const submit = async () => {
    let values: MaterialFormValues
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    const parsed = materialContent.safeParse(toContent(values))
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      form.setFields([
        { name: fieldOfIssue(issue?.path ?? []), errors: [validationText(issue?.message ?? 'invalid')] },
      ])
      return
    }
    const common = {
      name: values.name.trim(),
      groupId: values.groupId ?? null,
      enabled: values.enabled,
      content: parsed.data,
    }
    setBusy(true)
    try {
      if (editing) await updateMaterial({ id: editing.id, ...common })
      else await createMaterial({ ownerType, usage, ...common })
      message.success(t('common.saved'))
      await onSaved()
      onClose()
    } catch {
      // the request client showed the server's reason; the dialog stays open
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={editing ? t('material.edit') : t('material.create')}
      width={640}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, 'data-testid': 'material-save' } as ButtonProps}
      forceRender
      modalRender={(node) => <div data-testid="material-dialog">{node}</div>}
    >
      <Form<MaterialFormValues>
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={initialValues(usage)}
        onValuesChange={onValuesChange}
      >
        <Form.Item name="type" label={t('material.type')} hidden={types.length < 2}>
          <Radio.Group optionType="button" buttonStyle="solid" size="small">
            {types.map((ty) => (
              <Radio.Button key={ty} value={ty}>
                <span data-testid={`material-type-${ty}`}>
                  {TYPE_ICONS[ty]} {t(`material.types.${ty}`)}
                </span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="name" label={t('material.name')} required rules={[nameRule]}>
          <Input
            showCount
            maxLength={MATERIAL_NAME_MAX}
            placeholder={t('material.namePlaceholder')}
            data-testid="material-name"
          />
        </Form.Item>
        <MaterialContentFields type={type} usage={usage} />
        <Form.Item name="groupId" label={t('material.group')}>
          <Select<number | null>
            allowClear
            loading={groups.isLoading}
            placeholder={t('material.noGroup')}
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
            onClear={() => form.setFieldsValue({ groupId: null })}
            data-testid="material-group"
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('material.enabled')} valuePropName="checked">
          <Switch data-testid="material-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
