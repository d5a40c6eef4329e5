import { MASS_SEND_VARIABLES, MATERIAL_TEXT_MAX } from '@app/core'
import { Button, Flex, Form, type FormInstance, Input, Typography } from 'antd'
import type { TextAreaRef } from 'antd/es/input/TextArea'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { contentRule, type MaterialFormValues } from '../../../components/material/materialForm'
import { MassSendFallbackWarning } from './MassSendFallbackWarning'

/**
 * A text sentence (not empty, at most 1000 characters) with buttons that put a variable where the
 * cursor is; each variable is filled per recipient when sent (the contract's MASS_SEND_VARIABLES).
 * A variable some recipients lack, written without a fallback, is warned about while typing.
 */
export function MassSendTextField({ form }: { form: FormInstance<MaterialFormValues> }) {
  const { t } = useTranslation()
  const area = useRef<TextAreaRef>(null)
  const text = Form.useWatch('text', form) ?? ''

  const insert = (variable: string) => {
    const el = area.current?.resizableTextArea?.textArea
    const text: string = form.getFieldValue('text') ?? ''
    const start = el?.selectionStart ?? text.length
    const end = el?.selectionEnd ?? text.length
    const next = `${text.slice(0, start)}${variable}${text.slice(end)}`.slice(0, MATERIAL_TEXT_MAX)
    form.setFieldsValue({ text: next })
    void form.validateFields(['text']).catch(() => undefined)
    const caret = start + variable.length
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(caret, caret)
    })
  }

  return (
    <>
      <Form.Item name="text" label={t('material.text')} required rules={contentRule('text', 'text')}>
        <Input.TextArea
          ref={area}
          autoSize={{ minRows: 4, maxRows: 10 }}
          showCount
          maxLength={MATERIAL_TEXT_MAX}
          placeholder={t('massSend.sentence.textPlaceholder')}
          data-testid="mass-send-sentence-text"
        />
      </Form.Item>
      <Flex gap={6} align="center" wrap style={{ marginTop: -8, marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('massSend.sentence.insertVariable')}</Typography.Text>
        {MASS_SEND_VARIABLES.map((v) => (
          <Button
            key={v}
            size="small"
            onClick={() => insert(v)}
            data-testid={`mass-send-variable-${v.slice(1, -1)}`}
          >
            {t(`massSend.sentence.variables.${v.slice(1, -1)}`)} {v}
          </Button>
        ))}
      </Flex>
      <MassSendFallbackWarning text={text} />
    </>
  )
}
