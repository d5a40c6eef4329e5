import { Breadcrumb, type BreadcrumbProps, Card, Flex } from 'antd'
import type { CSSProperties, ReactNode } from 'react'

/** The one card style of page content: no border shadow play, the same inner padding everywhere. */
const SECTION_STYLE: CSSProperties = { borderRadius: 8 }

export interface PageFrameProps {
  /** the page's one `h1` */
  title: ReactNode
  /** where the page sits, when the layout's own breadcrumb does not say it */
  breadcrumb?: BreadcrumbProps['items']
  /** the page's main actions, to the right of the title */
  actions?: ReactNode
  /**
   * The content. One card holds it unless `sections` is set, in which case the children are
   * several `PageSection`s stacked with the same gap.
   */
  children: ReactNode
  sections?: boolean
  testId?: string
}

/**
 * The frame of a console page: title as the page's heading with its actions on the right, then
 * the content in cards. The layout gives the inset; the frame adds none, so every page lines up
 * with the header.
 */
export function PageFrame({ title, breadcrumb, actions, children, sections, testId }: PageFrameProps) {
  return (
    <Flex vertical gap={16} data-testid={testId} className="page-frame">
      {breadcrumb ? <Breadcrumb items={breadcrumb} /> : null}
      <Flex justify="space-between" align="center" gap={12} wrap style={{ minHeight: 32 }}>
        <h1 style={{ margin: 0, fontSize: 20, lineHeight: '28px', fontWeight: 600 }}>{title}</h1>
        {actions ? (
          <Flex gap={8} wrap align="center" data-testid="page-actions">
            {actions}
          </Flex>
        ) : null}
      </Flex>
      {sections ? children : <PageSection>{children}</PageSection>}
    </Flex>
  )
}

export interface PageSectionProps {
  /** a heading inside the card (an `h2`) when the page holds several parts */
  title?: ReactNode
  extra?: ReactNode
  children: ReactNode
  testId?: string
}

/** A card of page content; its parts stack with one gap. */
export function PageSection({ title, extra, children, testId }: PageSectionProps) {
  return (
    <Card
      style={SECTION_STYLE}
      title={title ? <h2 style={{ margin: 0, fontSize: 16, fontWeight: 600 }}>{title}</h2> : undefined}
      extra={extra}
      data-testid={testId}
    >
      <Flex vertical gap={16}>
        {children}
      </Flex>
    </Card>
  )
}
