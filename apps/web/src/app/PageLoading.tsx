import { Flex } from 'antd'
import { Spinner } from '../components/Spinner'

/** Full-area spinner shown while a lazy page or the profile loads. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: fullScreen ? '100vh' : 320 }}
      data-testid="page-loading"
    >
      <Spinner size="large" />
    </Flex>
  )
}
