import { MassSendAudience } from '@app/core'
import { screen, waitFor } from '@testing-library/react'
import { Form } from 'antd'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as api from '../../../api/massSend'
import { i18n } from '../../../i18n'
import { renderWithProviders } from '../../../test/testUtils'
import { initialMassSendValues, type MassSendFormValues, type SentenceDraft } from './MassSendForm'
import { MassSendSentencePreview } from './MassSendSentencePreview'

vi.mock('../../../api/massSend')

function Harness({ sentences, all }: { sentences: SentenceDraft[]; all: boolean }) {
  const [form] = Form.useForm<MassSendFormValues>()
  const values = initialMassSendValues(MassSendAudience.customers)
  return (
    <Form form={form} initialValues={{ ...values, audience: { ...values.audience, all }, sentences }}>
      <Form.Item name="sentences" hidden>
        <input />
      </Form.Item>
      {/* the fields of the customer filter the preview reads */}
      <Form.Item name={['audience', 'type']} hidden>
        <input />
      </Form.Item>
      <Form.Item name={['audience', 'all']} hidden valuePropName="checked">
        <input type="checkbox" />
      </Form.Item>
      <Form.Item name={['audience', 'includeLabelIds']} hidden>
        <input />
      </Form.Item>
      <Form.Item name={['audience', 'excludeLabelIds']} hidden>
        <input />
      </Form.Item>
      <MassSendSentencePreview />
    </Form>
  )
}

const hello: SentenceDraft = { key: 'a', sentence: { type: 'text', text: 'Hi {nickname|friend}, {phone}' } }

beforeEach(() => {
  i18n.changeLanguage('en')
  vi.mocked(api.massSendAudiencePreview).mockResolvedValue({
    count: 120,
    sample: [
      { nickname: 'Mia', phone: '447700900101', account: '8613800138000' },
      { nickname: '', phone: '447700900102', account: '8613800138000' },
    ],
  })
})
afterEach(() => {
  i18n.changeLanguage('zh')
  vi.clearAllMocks()
})

describe('the mass-send preview', { timeout: 30_000 }, () => {
  it("reads the first sentence as the audience's own first recipients will, and says so", async () => {
    renderWithProviders(<Harness sentences={[hello]} all />)
    await waitFor(() =>
      expect(screen.getByTestId('mass-send-preview-0')).toHaveTextContent('Hi Mia, 447700900101'),
    )
    expect(screen.getByTestId('mass-send-preview-1')).toHaveTextContent('Hi friend, 447700900102')
    expect(screen.queryByTestId('mass-send-preview-2')).toBeNull()
    expect(screen.getByTestId('mass-send-preview-note')).toHaveTextContent(
      'first 2 recipients of this audience',
    )
    expect(api.massSendAudiencePreview).toHaveBeenCalledWith(
      expect.objectContaining({ audience: expect.objectContaining({ type: 'customers', all: true }) }),
    )
  })

  it('falls back to samples while the audience names nobody yet', async () => {
    renderWithProviders(<Harness sentences={[hello]} all={false} />)
    expect(await screen.findByTestId('mass-send-preview-2')).toHaveTextContent('Hi Bob, 447700900003')
    expect(screen.getByTestId('mass-send-preview-note')).toHaveTextContent('sample recipients')
    expect(api.massSendAudiencePreview).not.toHaveBeenCalled()
  })
})
