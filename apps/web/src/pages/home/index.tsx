import { Col, Row } from 'antd'
import { AnnouncementList } from './components/AnnouncementList'
import { HomeFigures } from './components/HomeFigures'
import { ProfileCard } from './components/ProfileCard'
import { Shortcuts } from './components/Shortcuts'

/** /home: who you are, today's figures of your role, the enabled announcements, and shortcuts to what your role can open. */
export default function HomePage() {
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <ProfileCard />
      </Col>
      <Col span={24}>
        <HomeFigures />
      </Col>
      <Col xs={24} xl={16}>
        <Shortcuts />
      </Col>
      <Col xs={24} xl={8}>
        <AnnouncementList />
      </Col>
    </Row>
  )
}
