import { Col, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../components/page/PageFrame'
import { AnnouncementList } from './components/AnnouncementList'
import { FirstRunChecklist } from './components/FirstRunChecklist'
import { HomeFigures } from './components/HomeFigures'
import { ProfileCard } from './components/ProfileCard'
import { Shortcuts } from './components/Shortcuts'

/**
 * /home: who you are, the supervisor's first-run checklist, today's figures of your role, the
 * enabled announcements, and shortcuts to what your role can open; each part its own section.
 */
export default function HomePage() {
  const { t } = useTranslation()
  return (
    <PageFrame title={t('menu.home')} sections>
      <ProfileCard />
      {/* renders nothing when hidden, so it takes no gap of the stack */}
      <FirstRunChecklist />
      <HomeFigures />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Shortcuts />
        </Col>
        <Col xs={24} xl={8}>
          <AnnouncementList />
        </Col>
      </Row>
    </PageFrame>
  )
}
