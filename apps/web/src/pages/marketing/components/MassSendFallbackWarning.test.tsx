import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Form } from 'antd'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MaterialFormValues } from '../../../components/material/materialForm'
import { i18n } from '../../../i18n'
import { renderWithProviders } from '../../../test/testUtils'
import type { MassSendFormValues, SentenceDraft } from './MassSendForm'
import { MassSendSentencePreview } from './MassSendSentencePreview'
import { MassSendTextField } from './MassSendTextField'

function TextHarness() {
  const [form] = Form.useForm<MaterialFormValues>()
  return (
    <Form form={form}>
      <MassSendTextField form={form} />
    </Form>
  )
}

function PreviewHarness({ sentences }: { sentences: SentenceDraft[] }) {
  const [form] = Form.useForm<MassSendFormValues>()
  return (
    <Form form={form} initialValues={{ sentences }}>
      <Form.Item name="sentences" hidden>
        <input />
      </Form.Item>
      <MassSendSentencePreview />
    </Form>
  )
}

const text = (key: string, t: string): SentenceDraft => ({ key, sentence: { type: 'text', text: t } })
const type = (value: string) =>
  fireEvent.change(screen.getByTestId('mass-send-sentence-text'), { target: { value } })

beforeEach(() => i18n.changeLanguage('en'))
afterEach(() => i18n.changeLanguage('zh'))

describe('mass-send variables without a fallback', { timeout: 30_000 }, () => {
  it('warns while typing a nickname that some recipients lack, and shows how to write a fallback', async () => {
    renderWithProviders(<TextHarness />)
    type('Hi {nickname}!')
    expect(await screen.findByTestId('mass-send-fallback-warning')).toHaveTextContent(
      'Some recipients have no nickname; write {nickname|friend} to give a fallback',
    )
  })

  it('says nothing once the nickname has a fallback, or for values every recipient has', async () => {
    renderWithProviders(<TextHarness />)
    type('Hi {nickname}!')
    expect(await screen.findByTestId('mass-send-fallback-warning')).toBeInTheDocument()
    type('Hi {nickname|friend}! This is {account}, writing to {phone}.')
    await waitFor(() => expect(screen.queryByTestId('mass-send-fallback-warning')).toBeNull())
  })

  it('in the create form, quotes each sentence that needs a fallback', async () => {
    renderWithProviders(
      <PreviewHarness sentences={[text('a', 'Hi {nickname|friend}!'), text('b', 'Bye {nickname}')]} />,
    )
    const warnings = await screen.findAllByTestId('mass-send-fallback-warning')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toHaveTextContent('Bye {nickname}')
  })

  it('previews the first sentence for three sample recipients, and says they are samples', async () => {
    renderWithProviders(<PreviewHarness sentences={[text('a', 'Hi {nickname|friend}, {phone}')]} />)
    expect(await screen.findByTestId('mass-send-preview-0')).toHaveTextContent('Hi Alice, 447700900001')
    expect(screen.getByTestId('mass-send-preview-1')).toHaveTextContent('Hi friend, 447700900002')
    expect(screen.getByTestId('mass-send-preview-2')).toHaveTextContent('Hi Bob, 447700900003')
    expect(screen.getByTestId('mass-send-preview-note')).toHaveTextContent('sample recipients')
  })

  it('shows no preview for a first sentence without variables', async () => {
    renderWithProviders(<PreviewHarness sentences={[text('a', 'Big sale today')]} />)
    expect(await screen.findByTestId('mass-send-preview')).toBeInTheDocument()
    expect(screen.queryByTestId('mass-send-preview-0')).toBeNull()
  })
})
