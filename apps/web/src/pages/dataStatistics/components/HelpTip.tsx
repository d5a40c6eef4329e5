import { QuestionCircleOutlined } from '@ant-design/icons'
import { Tooltip } from 'antd'

/**
 * A question mark that explains a figure: its tooltip opens on hover and on keyboard focus (the
 * icon is in the tab order), and a screen reader reads the explanation as the icon's name.
 */
export function HelpTip({ text, testId }: { text: string; testId?: string }) {
  return (
    <Tooltip title={text} trigger={['hover', 'focus']}>
      <QuestionCircleOutlined
        tabIndex={0}
        aria-label={text}
        style={{ cursor: 'help' }}
        data-testid={testId}
      />
    </Tooltip>
  )
}

/** A heading with its explanation after it. */
export function TitleWithHelp({ title, help, testId }: { title: string; help: string; testId?: string }) {
  return (
    <span>
      {title} <HelpTip text={help} testId={testId} />
    </span>
  )
}

/**
 * A table column's heading with its explanation: a hint on hover and, for a screen reader, the
 * explanation read after the heading. Nothing in it takes focus: antd copies a header into its
 * hidden measuring row, where focusable content would be hidden from assistive technology. The
 * same explanation is reachable by keyboard beside the figure's total.
 */
export function ColumnTitleWithHelp({ title, help }: { title: string; help: string }) {
  return (
    <span title={help}>
      {title} <QuestionCircleOutlined aria-hidden style={{ cursor: 'help' }} />
      <span className="sr-only">{` (${help})`}</span>
    </span>
  )
}
