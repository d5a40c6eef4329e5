import { checkSimPhone, normalizePhone } from '@app/core'
import { useMutation } from '@tanstack/react-query'
import { Button, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { createSimGroup, joinSimGroup } from '../../../api/sim'
import { feedback } from '../../../app/feedback'
import { validationText } from '../../../i18n'

const splitPhones = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,，;；]+/)
    .map((s) => s.trim())
    .filter(Boolean)

/** New group and join group, as the phone's user does them. */
export function GroupActions({ phone, onOpen }: { phone: string; onOpen: (groupId: string) => void }) {
  const { t } = useTranslation()
  const [mode, setMode] = useState<'create' | 'join' | null>(null)
  const [createForm] = Form.useForm<{ subject: string; members?: string }>()
  const [joinForm] = Form.useForm<{ code: string }>()
  const done = (groupId: string, text: string) => {
    feedback().message.success({ content: text })
    setMode(null)
    createForm.resetFields()
    joinForm.resetFields()
    onOpen(groupId)
  }
  const create = useMutation({
    mutationFn: (v: { subject: string; members?: string }) =>
      createSimGroup(phone, v.subject.trim(), splitPhones(v.members).map(normalizePhone)),
    onSuccess: (g) => done(g.id, t('sim.groupCreated', { subject: g.subject })),
  })
  const join = useMutation({
    mutationFn: (v: { code: string }) => joinSimGroup(phone, v.code.trim()),
    onSuccess: (g) => done(g.id, t('sim.joined', { subject: g.subject })),
  })

  return (
    <>
      <Button size="small" onClick={() => setMode('create')} data-testid="sim-group-create">
        {t('sim.newGroup')}
      </Button>
      <Button size="small" onClick={() => setMode('join')} data-testid="sim-group-join">
        {t('sim.joinGroup')}
      </Button>
      <Modal
        open={mode === 'create'}
        title={t('sim.newGroup')}
        onCancel={() => setMode(null)}
        onOk={() => createForm.submit()}
        confirmLoading={create.isPending}
        okButtonProps={{ 'data-testid': 'sim-group-create-ok' }}
        destroyOnHidden
      >
        <Form
          form={createForm}
          layout="vertical"
          onFinish={(v) => create.mutateAsync(v).catch(() => undefined)}
        >
          <Form.Item
            name="subject"
            label={t('sim.groupSubject')}
            rules={[{ required: true, whitespace: true, message: validationText('required') }]}
          >
            <Input maxLength={100} data-testid="sim-group-subject" />
          </Form.Item>
          <Form.Item
            name="members"
            label={t('sim.groupMembers')}
            rules={[
              {
                validator: async (_r, v: string | undefined) => {
                  const bad = splitPhones(v)
                    .map((p) => checkSimPhone(p))
                    .find(Boolean)
                  if (bad) throw new Error(validationText(bad))
                },
              },
            ]}
          >
            <Input.TextArea rows={2} data-testid="sim-group-members" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={mode === 'join'}
        title={t('sim.joinGroup')}
        onCancel={() => setMode(null)}
        onOk={() => joinForm.submit()}
        confirmLoading={join.isPending}
        okButtonProps={{ 'data-testid': 'sim-group-join-ok' }}
        destroyOnHidden
      >
        <Form form={joinForm} layout="vertical" onFinish={(v) => join.mutateAsync(v).catch(() => undefined)}>
          <Form.Item
            name="code"
            label={t('sim.joinCode')}
            rules={[{ required: true, whitespace: true, message: validationText('required') }]}
          >
            <Input maxLength={200} data-testid="sim-group-code" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}
