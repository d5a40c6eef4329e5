import type { ImportResult } from '@app/core'
import { Alert, Flex, Table, Typography } from 'antd'
import type { HTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatPhone } from '../../../../utils/format'

type Rejected = ImportResult['rejected'][number]
type Accepted = ImportResult['accepted'][number]

/** The server's per-line answer: what became an account, and why each other line did not. */
export function ImportResultView({ result }: { result: ImportResult }) {
  const { t } = useTranslation()
  const { accepted, rejected } = result
  return (
    <Flex vertical gap={16} data-testid="import-result">
      <Alert
        type={rejected.length === 0 ? 'success' : accepted.length === 0 ? 'error' : 'warning'}
        showIcon
        title={
          <span data-testid="import-summary">
            {t('account.importSummary', { accepted: accepted.length, rejected: rejected.length })}
          </span>
        }
        action={
          accepted.length > 0 ? <Link to="/accountManage/index">{t('account.goToList')}</Link> : undefined
        }
      />
      {rejected.length > 0 ? (
        <Flex vertical gap={8}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('account.rejectedTitle')}
          </Typography.Title>
          <Table<Rejected>
            rowKey="line"
            size="small"
            dataSource={rejected}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            onRow={(r) => ({ 'data-testid': `import-rejected-${r.line}` }) as HTMLAttributes<HTMLElement>}
            columns={[
              { title: t('account.line'), dataIndex: 'line', width: 80 },
              { title: t('account.lineText'), dataIndex: 'text', ellipsis: true },
              {
                title: t('account.reason'),
                dataIndex: 'reason',
                render: (reason: string) => <Typography.Text type="danger">{reason}</Typography.Text>,
              },
            ]}
          />
        </Flex>
      ) : null}
      {accepted.length > 0 ? (
        <Flex vertical gap={8}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('account.acceptedTitle')}
          </Typography.Title>
          <Table<Accepted>
            rowKey="line"
            size="small"
            dataSource={accepted}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            onRow={(r) => ({ 'data-testid': `import-accepted-${r.line}` }) as HTMLAttributes<HTMLElement>}
            columns={[
              { title: t('account.line'), dataIndex: 'line', width: 80 },
              { title: t('account.phone'), dataIndex: 'phone', render: (p: string) => formatPhone(p) },
              { title: t('account.accountId'), dataIndex: 'accountId', width: 120 },
            ]}
          />
        </Flex>
      ) : null}
    </Flex>
  )
}
