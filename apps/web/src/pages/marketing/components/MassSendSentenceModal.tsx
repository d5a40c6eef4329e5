import { FolderOpenOutlined } from '@ant-design/icons'
import { type MaterialTypeValue, type MaterialView, massSendSentence } from '@app/core'
import { Button, type ButtonProps, Flex, Form, Modal, Radio, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MaterialContentFields } from '../../../components/material/MaterialContentFields'
import { MaterialPicker } from '../../../components/material/MaterialPicker'
import { materialSummary } from '../../../components/material/MaterialPreview'
import { fieldOfIssue, type MaterialFormValues, toContent } from '../../../components/material/materialForm'
import { MaterialTypeTag, TYPE_ICONS } from '../../../components/material/materialTypes'
import { useRevalidateOnLanguage } from '../../../hooks/useRevalidateOnLanguage'
import { validationText } from '../../../i18n'
import type { SentenceDraft } from './MassSendForm'
import { MassSendTextField } from './MassSendTextField'

/** What a sentence can be: any message material type, or a material of the libraries. */
type SentenceType = MaterialTypeValue | 'material'
const TYPES: SentenceType[] = [
  'text',
  'image',
  'gif',
  'video',
  'voice',
  'file',
  'location',
  'card',
  'link',
  'material',
]

interface Props {
  open: boolean
  /** the sentence being changed; null writes a new one */
  editing: SentenceDraft | null
  onClose: () => void
  onSave: (draft: Omit<SentenceDraft, 'key'>) => void
}

/**
 * Write one sentence of a task: a text (with the variables filled per recipient), an uploaded
 * image, GIF, video, voice or file, a location, a contact card, an image-text link, or a material
 * picked from the public or personal library. Each field has the material rules of spec §5.
 */
export function MassSendSentenceModal({ open, editing, onClose, onSave }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<MaterialFormValues>()
  useRevalidateOnLanguage(form)
  const [type, setType] = useState<SentenceType>('text')
  const [material, setMaterial] = useState<MaterialView | null>(null)
  const [picking, setPicking] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    if (!open) return
    form.resetFields()
    setProblem(null)
    setMaterial(editing?.material ?? null)
    const next: SentenceType = editing?.material ? 'material' : (editing?.values?.type ?? 'text')
    setType(next)
    if (editing?.values) form.setFieldsValue(editing.values)
    else if (next !== 'material') form.setFieldsValue({ type: next, file: null })
  }, [open, editing, form])

  const choose = (next: SentenceType) => {
    setType(next)
    setProblem(null)
    // a file of another type does not fit the new one
    if (next !== 'material') form.setFieldsValue({ type: next, file: null })
  }

  const save = async () => {
    if (type === 'material') {
      if (!material) return setProblem(t('massSend.sentence.materialRequired'))
      onSave({ sentence: { type: 'material', materialId: material.id }, material })
      return onClose()
    }
    let values: MaterialFormValues
    try {
      values = { ...(await form.validateFields()), type }
    } catch {
      return
    }
    const parsed = massSendSentence.safeParse(toContent(values))
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      form.setFields([
        { name: fieldOfIssue(issue?.path ?? []), errors: [validationText(issue?.message ?? 'invalid')] },
      ])
      return
    }
    onSave({ sentence: parsed.data, values })
    onClose()
  }

  return (
    <Modal
      open={open}
      title={editing ? t('massSend.sentence.edit') : t('massSend.sentence.add')}
      width={760}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'mass-send-sentence-save' } as ButtonProps}
      forceRender
      modalRender={(node) => <div data-testid="mass-send-sentence-dialog">{node}</div>}
    >
      <Radio.Group
        value={type}
        onChange={(e) => choose(e.target.value as SentenceType)}
        optionType="button"
        buttonStyle="solid"
        size="small"
        style={{ marginBottom: 16 }}
      >
        {TYPES.map((ty) => (
          <Radio.Button key={ty} value={ty}>
            <span data-testid={`mass-send-sentence-type-${ty}`}>
              {ty === 'material' ? <FolderOpenOutlined /> : TYPE_ICONS[ty]}{' '}
              {ty === 'material' ? t('massSend.sentence.material') : t(`material.types.${ty}`)}
            </span>
          </Radio.Button>
        ))}
      </Radio.Group>
      {type === 'material' ? (
        <Flex vertical gap={8}>
          <Button
            icon={<FolderOpenOutlined />}
            onClick={() => setPicking(true)}
            data-testid="mass-send-sentence-pick"
          >
            {material ? t('massSend.sentence.pickOther') : t('massSend.sentence.pick')}
          </Button>
          {material ? (
            <Flex gap={8} align="center" data-testid="mass-send-sentence-picked">
              <MaterialTypeTag type={material.type} />
              <Typography.Text strong>{material.name}</Typography.Text>
              <Typography.Text type="secondary" ellipsis>
                {materialSummary(material.content, t)}
              </Typography.Text>
            </Flex>
          ) : null}
          {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
        </Flex>
      ) : null}
      <Form<MaterialFormValues>
        form={form}
        layout="vertical"
        autoComplete="off"
        style={type === 'material' ? { display: 'none' } : undefined}
      >
        <Form.Item name="type" hidden>
          <input />
        </Form.Item>
        {type === 'text' ? <MassSendTextField form={form} /> : null}
        {type !== 'text' && type !== 'material' ? (
          <MaterialContentFields type={type} usage="message" />
        ) : null}
      </Form>
      <MaterialPicker open={picking} onClose={() => setPicking(false)} onPick={(m) => setMaterial(m)} />
    </Modal>
  )
}
