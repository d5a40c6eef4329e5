import { CloseOutlined, FileTextOutlined, UploadOutlined } from '@ant-design/icons'
import { MASS_SEND_PHONES_MAX, type PhoneListResult } from '@app/core'
import { Alert, Button, Flex, Input, Progress, Table, Tag, Typography, Upload } from 'antd'
import { useDeferredValue, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../../api/request'
import { parsePhoneText, phoneFileProblem, readPhoneFile, tooManyPhones } from './MassSendPhoneFile'

interface Props {
  value?: PhoneListResult | null
  onChange?: (value: PhoneListResult | null) => void
}

/**
 * The strangers of a task: numbers pasted one a line, or a CSV, TXT or XLSX file (first column),
 * read with a progress bar; shows how many distinct valid numbers there are, how many repeats were
 * dropped, and each invalid line with its line number.
 */
export function MassSendPhoneList({ value, onChange }: Props) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const deferred = useDeferredValue(text)
  const [file, setFile] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const latest = useRef(onChange)
  latest.current = onChange

  // read again only when the pasted text changed (not on mount: an untouched field is not an error yet)
  const parsedText = useRef(deferred)
  useEffect(() => {
    if (file || parsedText.current === deferred) return
    parsedText.current = deferred
    latest.current?.(deferred.trim() ? parsePhoneText(deferred) : null)
  }, [deferred, file])

  const read = async (picked: File) => {
    setProblem(null)
    const bad = phoneFileProblem(picked)
    if (bad) return setProblem(t(`massSend.phones.${bad}`))
    setProgress(0)
    try {
      const result = await readPhoneFile(picked, setProgress)
      setFile(picked.name)
      onChange?.(result)
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : t('massSend.phones.unreadable'))
    } finally {
      setProgress(null)
    }
  }
  const dropFile = () => {
    setFile(null)
    onChange?.(text.trim() ? parsePhoneText(text) : null)
  }

  return (
    <Flex vertical gap={8} data-testid="mass-send-phones">
      {file ? (
        <Flex align="center" gap={8}>
          <Tag icon={<FileTextOutlined />} data-testid="mass-send-phones-file">
            {file}
          </Tag>
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            onClick={dropFile}
            aria-label={t('massSend.phones.removeFile')}
          />
        </Flex>
      ) : (
        <Input.TextArea
          rows={6}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('massSend.phones.placeholder', { max: MASS_SEND_PHONES_MAX })}
          style={{ fontFamily: 'monospace' }}
          data-testid="mass-send-phones-text"
        />
      )}
      <Flex align="center" gap={12} wrap>
        <Upload
          accept=".csv,.txt,.xlsx"
          showUploadList={false}
          disabled={progress !== null}
          beforeUpload={(f) => {
            void read(f)
            return Upload.LIST_IGNORE
          }}
        >
          <Button icon={<UploadOutlined />} loading={progress !== null} data-testid="mass-send-phones-upload">
            {t('massSend.phones.import')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('massSend.phones.fileHint')}</Typography.Text>
      </Flex>
      {progress !== null ? (
        <Progress
          percent={Math.round(progress * 100)}
          status="active"
          data-testid="mass-send-phones-progress"
        />
      ) : null}
      {problem ? (
        <Alert type="error" showIcon title={problem} data-testid="mass-send-phones-problem" />
      ) : null}
      {value ? <PhoneSummary result={value} /> : null}
    </Flex>
  )
}

function PhoneSummary({ result }: { result: PhoneListResult }) {
  const { t } = useTranslation()
  return (
    <Flex vertical gap={6}>
      <Typography.Text
        type={tooManyPhones(result) ? 'danger' : undefined}
        data-testid="mass-send-phones-summary"
      >
        {t('massSend.phones.summary', {
          valid: result.phones.length,
          duplicates: result.duplicates,
          invalid: result.invalid.length,
        })}
      </Typography.Text>
      {result.invalid.length ? (
        <Table
          size="small"
          rowKey="line"
          dataSource={result.invalid}
          pagination={{ pageSize: 5, hideOnSinglePage: true, showSizeChanger: false, size: 'small' }}
          columns={[
            { key: 'line', title: t('massSend.phones.line'), dataIndex: 'line', width: 100 },
            { key: 'text', title: t('massSend.phones.invalidText'), dataIndex: 'text' },
          ]}
          data-testid="mass-send-phones-invalid"
        />
      ) : null}
    </Flex>
  )
}
