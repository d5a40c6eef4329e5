import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '../../i18n'
import { fakeFeedback } from '../../test/feedback'
import { fakeServer, ok } from '../../test/fixtures'
import { renderWithProviders } from '../../test/testUtils'
import BusinessSet from './BusinessSet'

const profile = { productName: 'Acme Desk', logo: '', pageTitle: 'Acme', supportContact: 'help@acme.test' }

beforeEach(async () => {
  await i18n.changeLanguage('en')
  fakeFeedback()
})
afterEach(() => i18n.changeLanguage('zh'))

describe('business edition settings', { timeout: 30_000 }, () => {
  it('titles the page, shows the saved profile and saves the edited one', async () => {
    const adapter = fakeServer({
      '/damai/admin/businessSet/get': () => ok(profile),
      '/damai/admin/businessSet/update': () => ok(null),
    })
    renderWithProviders(<BusinessSet />)
    expect(screen.getByRole('heading', { level: 1, name: 'Business edition' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('business-product-name')).toHaveValue('Acme Desk'))
    fireEvent.change(screen.getByTestId('business-product-name'), { target: { value: 'Acme Pro' } })
    fireEvent.click(screen.getByTestId('business-save'))
    await waitFor(() =>
      expect(
        adapter.mock.calls.map(([c]) => c).find((c) => c.url === '/damai/admin/businessSet/update'),
      ).toBeDefined(),
    )
    const sent = adapter.mock.calls.map(([c]) => c).find((c) => c.url === '/damai/admin/businessSet/update')
    expect(JSON.parse(sent?.data)).toEqual({ ...profile, productName: 'Acme Pro' })
  })
})
