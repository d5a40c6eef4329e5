import { NotificationOutlined } from '@ant-design/icons'
import { Empty, Flex, Skeleton, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageSection } from '../../../components/page/PageFrame'
import { RelativeTime } from '../../../components/RelativeTime'
import { useEnabledAnnouncements } from '../../../hooks/useAnnouncements'

/** The announcements that are enabled now (shares the layout's 60 s poll). */
export function AnnouncementList() {
  const { t } = useTranslation()
  const { data, isLoading } = useEnabledAnnouncements()
  return (
    <PageSection
      title={
        <span>
          <NotificationOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
          {t('home.announcements')}
        </span>
      }
      testId="home-announcements"
    >
      {isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : data && data.length > 0 ? (
        <Flex vertical gap={16}>
          {data.map((a) => (
            <div key={a.id} data-testid="home-announcement">
              <Flex justify="space-between" gap={8} align="baseline">
                <Typography.Text strong>{a.title}</Typography.Text>
                <Typography.Text type="secondary" style={{ flexShrink: 0, fontSize: 12 }}>
                  <RelativeTime value={a.createdAt} />
                </Typography.Text>
              </Flex>
              <Typography.Paragraph
                type="secondary"
                ellipsis={{ rows: 3, expandable: 'collapsible' }}
                style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}
              >
                {a.content}
              </Typography.Paragraph>
            </div>
          ))}
        </Flex>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.noAnnouncements')} />
      )}
    </PageSection>
  )
}
