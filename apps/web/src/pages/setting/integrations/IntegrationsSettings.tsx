import { Flex } from 'antd'
import { ApiKeysCard } from './ApiKeysCard'
import { WebhooksCard } from './WebhooksCard'

/** The settings page's API tab: the keys the tenant's systems call the API with, and where its events go. */
export function IntegrationsSettings() {
  return (
    <Flex vertical gap={16} data-testid="integrations-settings">
      <ApiKeysCard />
      <WebhooksCard />
    </Flex>
  )
}
