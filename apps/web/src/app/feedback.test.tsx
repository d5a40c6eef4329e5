// own modules: antd's static toasts keep the container they first drew into, which an earlier
// file's page may have taken away with it
import { render, screen } from '@testing-library/react'
import { App } from 'antd'
import { describe, expect, it } from 'vitest'
import { FeedbackBridge } from './FeedbackBridge'
import { feedback } from './feedback'

describe('feedback outside React', () => {
  it("uses antd's static toasts (fetched on first use) without the signed-in App context", async () => {
    feedback().message.error({ content: 'static toast' })
    expect(await screen.findByText('static toast')).toBeInTheDocument()
  })

  it("uses the App context's instances while the bridge is mounted, and the static ones again after", () => {
    const before = feedback()
    const { unmount } = render(
      <App>
        <FeedbackBridge />
      </App>,
    )
    expect(feedback()).not.toBe(before)
    unmount()
    expect(feedback()).toBe(before)
  })
})
