import type { GroupMemberActionResult, GroupMemberResult } from '@app/core'
import { type App, List, Tag, Typography } from 'antd'
import type { TFunction } from 'i18next'

type AppApi = ReturnType<typeof App.useApp>

/** Each member's outcome: submitted in green, anything else in red with its reason. */
export function MemberResultList({ results, t }: { results: GroupMemberResult[]; t: TFunction }) {
  return (
    <List
      size="small"
      dataSource={results}
      data-testid="group-member-results"
      renderItem={(r) => (
        <List.Item key={r.input} style={{ paddingInline: 0 }}>
          <Typography.Text>{r.input}</Typography.Text>
          <Tag color={r.status === 'ok' ? 'green' : 'red'} style={{ marginInlineEnd: 0 }}>
            {t(`group.result.${r.status}`)}
          </Tag>
        </List.Item>
      )}
    />
  )
}

/**
 * Tell the user how a member action went: "submitted, refresh later" when every member was
 * submitted, else a dialog with each member's outcome.
 */
export function showMemberResults(app: AppApi, t: TFunction, res: GroupMemberActionResult): void {
  if (res.results.every((r) => r.status === 'ok')) {
    app.message.success(t('group.submitted'))
    return
  }
  app.modal.info({
    title: res.submitted ? t('group.submitted') : t('group.add.results'),
    content: <MemberResultList results={res.results} t={t} />,
    okText: t('common.ok'),
  })
}
