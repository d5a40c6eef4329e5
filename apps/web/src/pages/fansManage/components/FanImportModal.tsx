import { UploadOutlined } from '@ant-design/icons'
import { AccountState, FAN_IMPORT_LINES_MAX, type FanImportLine } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Flex, Input, Modal, Progress, Select, Typography, Upload } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { listDeskAccounts } from '../../../api/desk'
import { importFans } from '../../../api/fans'
import { ApiError } from '../../../api/request'
import { formatPhone } from '../../../utils/format'
import {
  FAN_IMPORT_FILE_MAX_KB,
  importBatches,
  importFileProblem,
  linesOfCsv,
  linesOfText,
} from './FanImportLines'
import { FanImportResults } from './FanImportResults'

type Phase =
  | { kind: 'idle' }
  | { kind: 'running'; done: number }
  | { kind: 'done' }
  | { kind: 'stopped'; reason: string }

/**
 * Import customers by phone ("active add") into one online WS account: pasted lines or a .txt /
 * .csv file, sent in small batches (WhatsApp is asked about each number at a paced rate), with the
 * progress and each line's outcome. Closing the dialog stops after the batch in flight.
 */
export function FanImportModal({
  open,
  scope,
  onClose,
  onImported,
}: {
  open: boolean
  /** whose accounts: the desk's agent, or the tenant */
  scope: string
  onClose: () => void
  onImported: () => void
}) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const accounts = useQuery({
    queryKey: ['fans', 'accounts', scope],
    queryFn: listDeskAccounts,
    enabled: open,
  })
  const [accountId, setAccountId] = useState<number | undefined>()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' })
  const [items, setItems] = useState<FanImportLine[]>([])
  const cancelled = useRef(false)
  const lines = linesOfText(text)

  useEffect(() => {
    if (!open) return
    cancelled.current = false
    setText('')
    setItems([])
    setProblem(null)
    setPhase({ kind: 'idle' })
  }, [open])

  const close = () => {
    cancelled.current = true
    onClose()
  }

  const readFile = async (file: File) => {
    const bad = importFileProblem(file)
    if (bad) return message.error(t(`fans.import.${bad}`, { size: FAN_IMPORT_FILE_MAX_KB }))
    const content = await file.text()
    setText((/\.csv$/i.test(file.name) ? linesOfCsv(content) : linesOfText(content)).join('\n'))
    message.success(t('fans.import.fileLoaded', { name: file.name }))
  }

  const start = async () => {
    if (!accountId) return setProblem(t('fans.import.accountRequired'))
    if (lines.length === 0) return setProblem(t('fans.import.emptyLines'))
    if (lines.length > FAN_IMPORT_LINES_MAX)
      return setProblem(t('fans.import.tooMany', { max: FAN_IMPORT_LINES_MAX }))
    setProblem(null)
    setItems([])
    setPhase({ kind: 'running', done: 0 })
    let done = 0
    try {
      for (const batch of importBatches(lines)) {
        if (cancelled.current) return
        const result = await importFans(accountId, batch)
        done += batch.length
        setItems((prev) => [...prev, ...result.items])
        setPhase({ kind: 'running', done })
      }
      setPhase({ kind: 'done' })
    } catch (err) {
      setPhase({ kind: 'stopped', reason: err instanceof ApiError ? err.message : t('request.error') })
    } finally {
      if (done > 0) onImported()
    }
  }

  const running = phase.kind === 'running'
  const total = lines.length
  const percent = phase.kind === 'running' ? Math.round((phase.done / Math.max(1, total)) * 100) : 100
  return (
    <Modal
      open={open}
      title={t('fans.import.title')}
      onCancel={close}
      width={680}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={running}
            onClick={() => void start()}
            data-testid="fan-import-start"
          >
            {t('fans.import.start')}
          </Button>
        </Flex>
      }
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {t('fans.import.hint', { max: FAN_IMPORT_LINES_MAX })}
        </Typography.Text>
        <Select
          value={accountId}
          onChange={setAccountId}
          placeholder={t('fans.import.account')}
          disabled={running}
          options={(accounts.data ?? []).map((a) => ({
            value: a.id,
            disabled: a.status !== AccountState.online,
            label: `${formatPhone(a.phone) || `#${a.id}`}${a.status === AccountState.online ? '' : t('fans.import.accountOffline')}`,
          }))}
          data-testid="fan-import-account"
        />
        <Input.TextArea
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          disabled={running}
          placeholder={t('fans.import.placeholder')}
          style={{ fontFamily: 'monospace' }}
          data-testid="fan-import-text"
        />
        <Flex justify="space-between" align="center">
          <Upload
            accept=".txt,.csv,text/plain,text/csv"
            showUploadList={false}
            disabled={running}
            beforeUpload={(file) => {
              void readFile(file)
              return Upload.LIST_IGNORE
            }}
          >
            <Button icon={<UploadOutlined />} disabled={running} data-testid="fan-import-upload">
              {t('fans.import.upload')}
            </Button>
          </Upload>
          <Typography.Text type="secondary">{t('fans.import.lines', { count: total })}</Typography.Text>
        </Flex>
        {problem ? <Alert type="error" showIcon title={problem} data-testid="fan-import-problem" /> : null}
        {phase.kind !== 'idle' ? (
          <Progress
            percent={percent}
            status={phase.kind === 'stopped' ? 'exception' : running ? 'active' : 'success'}
            format={() => (running ? t('fans.import.importing', { done: phase.done, total }) : `${percent}%`)}
            data-testid="fan-import-progress"
          />
        ) : null}
        {phase.kind === 'stopped' ? (
          <Alert type="error" showIcon title={t('fans.import.stopped', { reason: phase.reason })} />
        ) : null}
        {items.length ? <FanImportResults items={items} /> : null}
      </Flex>
    </Modal>
  )
}
