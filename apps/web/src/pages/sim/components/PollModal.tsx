import { SIM_POLL_OPTIONS_MAX, type SimContentInput } from '@app/core'
import { type ButtonProps, Checkbox, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

/** A poll to send from the phone: a question and its options, one answer or several. */
export function PollModal({
  open,
  onClose,
  onSend,
}: {
  open: boolean
  onClose: () => void
  onSend: (content: SimContentInput) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const [question, setQuestion] = useState('')
  const [options, setOptions] = useState('')
  const [multiple, setMultiple] = useState(false)
  const list = options
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean)
    .slice(0, SIM_POLL_OPTIONS_MAX)
  const valid = question.trim() !== '' && list.length >= 2
  const send = () =>
    onSend({ kind: 'poll', question, options: list, selectable: multiple ? 0 : 1 })
      .then(() => {
        setQuestion('')
        setOptions('')
        onClose()
      })
      .catch(() => undefined)
  return (
    <Modal
      open={open}
      title={t('sim.pollTitle')}
      onCancel={onClose}
      onOk={send}
      okButtonProps={{ disabled: !valid, 'data-testid': 'sim-poll-send' } as ButtonProps}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('sim.pollQuestion')}>
          <Input
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            data-testid="sim-poll-question"
          />
        </Form.Item>
        <Form.Item label={t('sim.pollOptions')} help={valid ? undefined : t('sim.pollInvalid')}>
          <Input.TextArea
            value={options}
            onChange={(e) => setOptions(e.target.value)}
            autoSize={{ minRows: 3, maxRows: 8 }}
            data-testid="sim-poll-options"
          />
        </Form.Item>
        <Checkbox checked={multiple} onChange={(e) => setMultiple(e.target.checked)}>
          {t('sim.pollMultiple')}
        </Checkbox>
      </Form>
    </Modal>
  )
}
