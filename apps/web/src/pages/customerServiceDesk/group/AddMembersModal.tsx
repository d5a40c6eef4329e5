import { GROUP_MEMBER_ACTION_MAX, type GroupMemberResult, memberJidOf } from '@app/core'
import { Alert, App, type ButtonProps, Input, Modal, Typography } from 'antd'
import type { TFunction } from 'i18next'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { groupMemberAction } from '../../../api/group'
import { MemberResultList } from './memberResults'

/** The phones of the box, one per line (commas and semicolons separate too). */
const phonesOf = (text: string) =>
  text
    .split(/[\r\n,;，；]+/)
    .map((l) => l.trim())
    .filter((l) => l !== '')

/** What is wrong with the box before anything is sent, or null. */
function problemOf(phones: string[], t: TFunction): string | null {
  if (phones.length === 0) return t('group.add.required')
  if (phones.length > GROUP_MEMBER_ACTION_MAX) return t('group.add.tooMany', { max: GROUP_MEMBER_ACTION_MAX })
  const bad = phones.filter((p) => !memberJidOf(p) || p.includes('@'))
  return bad.length ? t('group.add.invalidLines', { lines: bad.join(', ') }) : null
}

/** Add members by phone (owner/admin); each phone's outcome is shown in the dialog. */
export function AddMembersModal({
  open,
  sessionId,
  onClose,
}: {
  open: boolean
  sessionId: number
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [results, setResults] = useState<GroupMemberResult[] | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!open) return
    setText('')
    setProblem(null)
    setResults(null)
  }, [open])

  const submit = async () => {
    if (results) return onClose()
    const phones = phonesOf(text)
    const found = problemOf(phones, t)
    setProblem(found)
    if (found) return
    setBusy(true)
    try {
      const res = await groupMemberAction(sessionId, 'add', phones)
      if (res.submitted) message.success(t('group.submitted'))
      setResults(res.results)
    } catch {
      // the request client told the user; the box stays for another try
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('group.add.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={results ? t('common.ok') : t('group.add.submit')}
      cancelText={t('common.cancel')}
      cancelButtonProps={{ style: results ? { display: 'none' } : undefined }}
      okButtonProps={{ loading: busy, 'data-testid': 'group-add-submit' } as ButtonProps}
      destroyOnHidden
    >
      {results ? (
        <>
          <Typography.Text type="secondary">{t('group.add.results')}</Typography.Text>
          <MemberResultList results={results} t={t} />
        </>
      ) : (
        <>
          <Input.TextArea
            rows={6}
            value={text}
            onChange={(e) => {
              setText(e.target.value)
              setProblem(null)
            }}
            placeholder={t('group.add.placeholder', { max: GROUP_MEMBER_ACTION_MAX })}
            aria-label={t('group.add.title')}
            data-testid="group-add-input"
          />
          {problem ? (
            <Alert
              type="error"
              showIcon
              title={problem}
              style={{ marginTop: 8 }}
              data-testid="group-add-error"
            />
          ) : null}
        </>
      )}
    </Modal>
  )
}
