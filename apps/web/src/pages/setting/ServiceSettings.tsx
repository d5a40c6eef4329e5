import { Flex } from 'antd'
import { BusinessHoursCard } from './BusinessHoursCard'
import { SatisfactionCard } from './SatisfactionCard'
import { ServiceLevelCard } from './ServiceLevelCard'

/** The settings page's service tab: each card reads and saves its own part. */
export function ServiceSettings() {
  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <ServiceLevelCard />
      <BusinessHoursCard />
      <SatisfactionCard />
    </Flex>
  )
}
