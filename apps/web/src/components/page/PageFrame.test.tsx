import { screen, within } from '@testing-library/react'
import { Button } from 'antd'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../test/testUtils'
import { PageFrame, PageSection } from './PageFrame'

describe('PageFrame', () => {
  it('shows the title as the page heading with the actions beside it and the content in one card', () => {
    renderWithProviders(
      <PageFrame title="Accounts" actions={<Button>Add</Button>} testId="frame">
        <p>rows</p>
      </PageFrame>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument()
    expect(
      within(screen.getByTestId('page-actions')).getByRole('button', { name: 'Add' }),
    ).toBeInTheDocument()
    const frame = screen.getByTestId('frame')
    expect(frame.querySelectorAll('.ant-card')).toHaveLength(1)
    expect(frame.querySelector('.ant-card')).toHaveTextContent('rows')
  })

  it('shows a breadcrumb when given one and no action area without actions', () => {
    renderWithProviders(
      <PageFrame title="Groups" breadcrumb={[{ title: 'Accounts' }, { title: 'Groups' }]}>
        <p>rows</p>
      </PageFrame>,
    )
    expect(document.querySelector('.ant-breadcrumb')).toHaveTextContent('Accounts')
    expect(screen.queryByTestId('page-actions')).toBeNull()
  })

  it('stacks several sections, each a card with its own heading', () => {
    renderWithProviders(
      <PageFrame title="Risk" sections testId="frame">
        <PageSection title="Chart">a</PageSection>
        <PageSection>b</PageSection>
      </PageFrame>,
    )
    expect(screen.getByTestId('frame').querySelectorAll('.ant-card')).toHaveLength(2)
    expect(screen.getByRole('heading', { level: 2, name: 'Chart' })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })
})
