import { PlusOutlined } from '@ant-design/icons'
import { AUTO_REPLY_KEYWORD_MAX, type AutoReplyRuleView, type AutoReplySaveBody } from '@app/core'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Input } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  createAutoReply,
  deleteAutoReply,
  enableAutoReply,
  pageAutoReplies,
  updateAutoReply,
} from '../../../../api/autoReply'
import { AutoReplyFormModal } from './AutoReplyFormModal'
import { AutoReplyTable } from './AutoReplyTable'

const AUTO_REPLY_KEY = ['autoReply'] as const

interface Props {
  /** an agent (or a supervisor acting as one): their personal rules, public ones read-only */
  agentMode: boolean
}

interface Query {
  pageNo: number
  pageSize: number
  keyword: string
}

/**
 * The auto-reply rules the caller sees, with search, statistics, an enable switch, and a form to
 * create and edit. Rules made by someone else are read-only (the server's `can`).
 */
export function AutoReplyScreen({ agentMode }: Props) {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [query, setQuery] = useState<Query>({ pageNo: 1, pageSize: 10, keyword: '' })
  const [editing, setEditing] = useState<AutoReplyRuleView | null>(null)
  const [formOpen, setFormOpen] = useState(false)

  const page = useQuery({
    queryKey: [...AUTO_REPLY_KEY, 'page', agentMode, query],
    queryFn: () => pageAutoReplies({ ...query, keyword: query.keyword || undefined }),
    placeholderData: keepPreviousData,
  })
  const rows = page.data?.list ?? []
  const refresh = () => qc.invalidateQueries({ queryKey: AUTO_REPLY_KEY })

  const open = (row: AutoReplyRuleView | null) => {
    setEditing(row)
    setFormOpen(true)
  }
  const save = async (body: AutoReplySaveBody) => {
    if (editing) await updateAutoReply(editing.id, body)
    else {
      await createAutoReply(body)
      setQuery((q) => ({ ...q, pageNo: 1 }))
    }
    message.success(t('common.saved'))
    await refresh()
  }
  const toggle = async (row: AutoReplyRuleView, enabled: boolean) => {
    try {
      await enableAutoReply(row.id, enabled)
      message.success(t(enabled ? 'autoReply.enabledOn' : 'autoReply.enabledOff'))
    } catch {
      // the request client told the user
    }
    await refresh()
  }
  const remove = async (row: AutoReplyRuleView) => {
    await deleteAutoReply(row.id)
    message.success(t('common.deleted'))
    if (rows.length === 1 && query.pageNo > 1) setQuery((q) => ({ ...q, pageNo: q.pageNo - 1 }))
    await refresh()
  }

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex justify="space-between" gap={12} wrap>
          <Input.Search
            allowClear
            maxLength={AUTO_REPLY_KEYWORD_MAX}
            placeholder={t('autoReply.searchPlaceholder')}
            onSearch={(v) => setQuery((q) => ({ ...q, pageNo: 1, keyword: v.trim() }))}
            style={{ maxWidth: 320 }}
            data-testid="auto-reply-search"
          />
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => open(null)}
            data-testid="auto-reply-create"
          >
            {t('autoReply.create')}
          </Button>
        </Flex>
        <AutoReplyTable
          rows={rows}
          total={page.data?.total ?? 0}
          loading={page.isFetching}
          pageNo={query.pageNo}
          pageSize={query.pageSize}
          keyword={query.keyword}
          onPage={(pageNo, pageSize) => setQuery((q) => ({ ...q, pageNo, pageSize }))}
          onOpen={open}
          onToggle={toggle}
          onDelete={remove}
        />
      </Flex>
      <AutoReplyFormModal
        open={formOpen}
        editing={editing}
        agentMode={agentMode}
        onClose={() => setFormOpen(false)}
        onSubmit={save}
      />
    </Card>
  )
}
