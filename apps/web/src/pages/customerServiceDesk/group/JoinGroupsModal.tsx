import {
  ErrorCode,
  errorMessage,
  type GroupJoinResult,
  JOIN_GROUP_LINKS_MAX,
  splitJoinLinks,
} from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, type ButtonProps, Flex, Form, Input, Modal, Select, Table, Tag, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { groupAccounts, joinGroups } from '../../../api/group'
import { currentLanguage } from '../../../i18n'

export interface JoinGroupsModalProps {
  open: boolean
  onClose: () => void
  /** after a submission: joined groups have their desk sessions now (refresh the session list) */
  onJoined?: (result: GroupJoinResult) => void
}

const STATUS_COLORS = {
  joined: 'green',
  duplicate: 'default',
  invalid: 'red',
  notFound: 'red',
  failed: 'red',
}

/**
 * Join group chats by invite links (one per line, at most 20 at a time) with a WS account
 * the user may use; each line gets its own outcome.
 */
export function JoinGroupsModal({ open, onClose, onJoined }: JoinGroupsModalProps) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const accounts = useQuery({
    queryKey: ['desk', 'group', 'accounts'],
    queryFn: groupAccounts,
    enabled: open,
  })
  const [accountId, setAccountId] = useState<number | null>(null)
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [result, setResult] = useState<GroupJoinResult | null>(null)
  const [busy, setBusy] = useState(false)
  const lines = splitJoinLinks(text)

  useEffect(() => {
    if (!open) return
    setText('')
    setProblem(null)
    setResult(null)
  }, [open])
  useEffect(() => {
    const list = accounts.data ?? []
    if (accountId === null || !list.some((a) => a.id === accountId))
      setAccountId((list.find((a) => a.online) ?? list[0])?.id ?? null)
  }, [accounts.data, accountId])

  const submit = async () => {
    if (result) return onClose()
    const found =
      accountId === null
        ? t('group.join.accountRequired')
        : // the endpoint's refusals, in its words
          lines.length === 0
          ? errorMessage(ErrorCode.groupJoinEmpty, currentLanguage())
          : lines.length > JOIN_GROUP_LINKS_MAX
            ? errorMessage(ErrorCode.groupJoinTooMany, currentLanguage())
            : null
    setProblem(found)
    if (found || accountId === null) return
    setBusy(true)
    try {
      const res = await joinGroups(accountId, lines)
      setResult(res)
      if (res.joined > 0)
        message.success(t('group.join.summary', { joined: res.joined, total: lines.length }))
      onJoined?.(res)
    } catch {
      // the request client told the user; the links stay for another try
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={t('group.join.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={result ? t('common.ok') : t('group.join.submit')}
      cancelText={t('common.cancel')}
      cancelButtonProps={{ style: result ? { display: 'none' } : undefined }}
      okButtonProps={{ loading: busy, 'data-testid': 'join-groups-submit' } as ButtonProps}
      width={560}
      destroyOnHidden
    >
      {result ? (
        <Flex vertical gap={8} data-testid="join-groups-results">
          <Typography.Text>
            {t('group.join.summary', { joined: result.joined, total: result.results.length })}
          </Typography.Text>
          <Table
            size="small"
            rowKey="line"
            pagination={false}
            dataSource={result.results}
            columns={[
              { key: 'line', width: 80, render: (_, r) => t('group.join.line', { line: r.line }) },
              {
                key: 'link',
                render: (_, r) => (
                  <Flex vertical>
                    <Typography.Text ellipsis style={{ maxWidth: 280 }}>
                      {r.link}
                    </Typography.Text>
                    {r.subject ? <Typography.Text type="secondary">{r.subject}</Typography.Text> : null}
                  </Flex>
                ),
              },
              {
                key: 'status',
                width: 130,
                render: (_, r) => (
                  <Tag color={STATUS_COLORS[r.status]} data-testid={`join-groups-status-${r.line}`}>
                    {t(`group.join.status.${r.status}`)}
                  </Tag>
                ),
              },
            ]}
          />
        </Flex>
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('group.join.account')} required>
            <Select
              value={accountId ?? undefined}
              onChange={(v: number) => setAccountId(v)}
              loading={accounts.isFetching}
              placeholder={t('group.join.accountPlaceholder')}
              notFoundContent={t('group.join.noAccount')}
              options={(accounts.data ?? []).map((a) => ({
                value: a.id,
                label: `${a.phone ? `+${a.phone}` : `#${a.id}`}${a.online ? '' : ` (${t('group.join.offline')})`}`,
              }))}
              data-testid="join-groups-account"
            />
          </Form.Item>
          <Form.Item
            label={t('group.join.linksLabel')}
            required
            extra={
              <Typography.Text type={lines.length > JOIN_GROUP_LINKS_MAX ? 'danger' : 'secondary'}>
                {t('group.join.count', { count: lines.length, max: JOIN_GROUP_LINKS_MAX })}
              </Typography.Text>
            }
          >
            <Input.TextArea
              rows={8}
              value={text}
              onChange={(e) => {
                setText(e.target.value)
                setProblem(null)
              }}
              placeholder={t('group.join.placeholder', { max: JOIN_GROUP_LINKS_MAX })}
              data-testid="join-groups-input"
            />
          </Form.Item>
          {problem ? <Alert type="error" showIcon title={problem} data-testid="join-groups-error" /> : null}
        </Form>
      )}
    </Modal>
  )
}
