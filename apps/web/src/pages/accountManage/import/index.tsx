import { UploadOutlined } from '@ant-design/icons'
import { ACCOUNT_IMPORT_MAX_LINES, type ImportResult } from '@app/core'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Flex, Form, Input, Progress, Typography, Upload } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { importAccounts } from '../../../api/account'
import { ApiError, isDuplicateRequest } from '../../../api/request'
import { PageFrame } from '../../../components/page/PageFrame'
import { useRevalidateOnLanguage } from '../../../hooks/useRevalidateOnLanguage'
import { ImportResultView } from './components/ImportResultView'
import { countLines, fileProblem, IMPORT_TEXT_MAX, importTextProblem } from './components/importText'

type ImportState =
  | { phase: 'idle' }
  | { phase: 'sending'; percent: number }
  | { phase: 'done'; result: ImportResult }
  | { phase: 'failed'; reason: string }

const max = ACCOUNT_IMPORT_MAX_LINES

/**
 * /accountManage/import (customerMaster): paste or upload `phone[,proxy]` lines; each good line
 * becomes an account awaiting its pairing code. The server imports all good lines in one
 * transaction and answers per line; a failure imports none.
 */
export default function AccountImportPage() {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [form] = Form.useForm<{ lines: string }>()
  useRevalidateOnLanguage(form)
  const text = Form.useWatch('lines', form) ?? ''
  const [state, setState] = useState<ImportState>({ phase: 'idle' })
  const sending = state.phase === 'sending'

  const readFile = async (file: File) => {
    const problem = fileProblem(file)
    if (problem) {
      message.error(t(`account.${problem}`, { size: 512 }))
      return
    }
    form.setFieldsValue({ lines: await file.text() })
    void form.validateFields(['lines']).catch(() => undefined)
    message.success(t('account.importFileLoaded', { name: file.name }))
  }

  const submit = async () => {
    let lines: string
    try {
      lines = (await form.validateFields()).lines
    } catch {
      return
    }
    setState({ phase: 'sending', percent: 0 })
    try {
      const result = await importAccounts(lines, (fraction) =>
        // the upload is most of the wait; the last stretch is the server's transaction
        setState((s) =>
          s.phase === 'sending' ? { phase: 'sending', percent: Math.round(fraction * 90) } : s,
        ),
      )
      setState({ phase: 'done', result })
      if (result.accepted.length > 0) await qc.invalidateQueries({ queryKey: ['accounts'] })
    } catch (err) {
      if (isDuplicateRequest(err)) return setState({ phase: 'idle' })
      setState({ phase: 'failed', reason: err instanceof ApiError ? err.message : t('request.error') })
    }
  }

  const done = state.phase === 'done' ? state.result : null
  const total = done ? done.accepted.length + done.rejected.length : 0

  return (
    <PageFrame title={t('menu.accountImport')}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('account.importHint', { max })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item
          name="lines"
          extra={t('account.importLineCount', { count: countLines(text), max })}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const problem = importTextProblem(value)
                if (problem) throw new Error(t(`account.${problem}`, { max }))
              },
            },
          ]}
        >
          <Input.TextArea
            rows={12}
            maxLength={IMPORT_TEXT_MAX}
            placeholder={t('account.importPlaceholder')}
            disabled={sending}
            style={{ fontFamily: 'monospace' }}
            data-testid="import-text"
          />
        </Form.Item>
      </Form>
      <Flex gap={8} wrap>
        <Upload
          accept=".txt,.csv,text/plain,text/csv"
          showUploadList={false}
          beforeUpload={(file) => {
            void readFile(file)
            return Upload.LIST_IGNORE
          }}
          disabled={sending}
        >
          <Button icon={<UploadOutlined />} disabled={sending} data-testid="import-upload">
            {t('account.importUpload')}
          </Button>
        </Upload>
        <Button
          onClick={() => {
            form.resetFields()
            setState({ phase: 'idle' })
          }}
          disabled={sending}
          data-testid="import-clear"
        >
          {t('account.importClear')}
        </Button>
        <Button type="primary" loading={sending} onClick={() => void submit()} data-testid="import-submit">
          {sending ? t('account.importing') : t('account.importSubmit')}
        </Button>
      </Flex>
      {state.phase === 'sending' ? (
        <Progress percent={Math.max(state.percent, 5)} status="active" data-testid="import-progress" />
      ) : null}
      {done && total > 0 ? (
        <Progress
          percent={100}
          success={{ percent: Math.round((done.accepted.length / total) * 100) }}
          strokeColor="#ff4d4f"
          format={() => `${done.accepted.length}/${total}`}
          data-testid="import-progress"
        />
      ) : null}
      {state.phase === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title={t('account.importFailed', { reason: state.reason })}
          data-testid="import-error"
        />
      ) : null}
      {done ? <ImportResultView result={done} /> : null}
    </PageFrame>
  )
}
