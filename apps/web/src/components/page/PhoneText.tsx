import { Highlight } from '../Highlight'

/**
 * A phone as the console shows it, '+' then the digits; a search's digits are marked. The digits
 * are their own element, so finding the number by its digits finds this.
 */
export function PhoneText({ phone, keyword }: { phone: string; keyword?: string | null }) {
  const digits = phone.replace(/\D/g, '')
  const mark = keyword?.replace(/\D/g, '')
  return (
    <span className="phone-text">
      +
      <span>
        <Highlight text={digits} keyword={mark || undefined} />
      </span>
    </span>
  )
}
