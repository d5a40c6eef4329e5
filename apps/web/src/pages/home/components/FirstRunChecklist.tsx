import { CheckCircleFilled, RightOutlined } from '@ant-design/icons'
import { type HomeChecklist, type HomeChecklistStep, Role } from '@app/core'
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Progress, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { homeChecklist } from '../../../api/statistics'
import { DESK_ENTRY } from '../../../app/routes'
import { PageSection } from '../../../components/page/PageFrame'
import { useSession } from '../../../stores/session'
import { dismissChecklist, isChecklistDismissed } from '../../../utils/storage'

/** The steps in the order a new tenant takes them, each with the page that does it. */
const STEPS: readonly { step: HomeChecklistStep; to: string }[] = [
  { step: 'linkNumber', to: '/accountManage/index' },
  { step: 'createAgent', to: '/customerServiceManage/list' },
  // accounts are bound to an agent from the agent list
  { step: 'assignNumber', to: '/customerServiceManage/list' },
  { step: 'answerChat', to: DESK_ENTRY },
]

const allDone = (c: HomeChecklist) => STEPS.every(({ step }) => c[step])

/**
 * The supervisor's first-run checklist: link a number, create an agent, assign a number, answer a
 * chat, each linking to its page. It goes away once every step is done, or for good once the
 * user dismisses it (remembered per user in this browser).
 */
export function FirstRunChecklist() {
  const { t } = useTranslation()
  const supervisor = useSession((s) => s.roles.includes(Role.customerMaster))
  const userId = useSession((s) => s.user?.id)
  const [dismissed, setDismissed] = useState(() => userId !== undefined && isChecklistDismissed(userId))
  const query = useQuery({
    queryKey: ['home', 'checklist'],
    queryFn: homeChecklist,
    enabled: supervisor && !dismissed,
  })
  const checklist = query.data
  if (!supervisor || dismissed || !checklist || allDone(checklist)) return null

  const done = STEPS.filter(({ step }) => checklist[step]).length
  const dismiss = () => {
    if (userId !== undefined) dismissChecklist(userId)
    setDismissed(true)
  }
  return (
    <PageSection
      title={t('home.checklist.title')}
      extra={
        <Button type="link" onClick={dismiss} data-testid="checklist-dismiss">
          {t('home.checklist.dismiss')}
        </Button>
      }
      testId="home-checklist"
    >
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('home.checklist.hint')}
      </Typography.Paragraph>
      <Progress
        aria-label={t('home.checklist.title')}
        percent={Math.round((done / STEPS.length) * 100)}
        format={() => t('home.checklist.progress', { done, total: STEPS.length })}
      />
      <Flex vertical gap={8}>
        {STEPS.map(({ step, to }) => (
          <Flex key={step} justify="space-between" align="center" data-testid={`checklist-${step}`}>
            <Typography.Text delete={checklist[step]} type={checklist[step] ? 'secondary' : undefined}>
              {t(`home.checklist.${step}`)}
            </Typography.Text>
            {checklist[step] ? (
              <Typography.Text type="success">
                <CheckCircleFilled /> {t('home.checklist.done')}
              </Typography.Text>
            ) : (
              <Link to={to}>
                {t('home.checklist.go')} <RightOutlined />
              </Link>
            )}
          </Flex>
        ))}
      </Flex>
    </PageSection>
  )
}
