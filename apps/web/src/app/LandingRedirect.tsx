import { Navigate } from 'react-router'
import { useSession } from '../stores/session'
import { landingPath } from './guard'

/** The site's root: sends the signed-in user to their landing page (the desk for an agent). */
export function LandingRedirect() {
  const roles = useSession((s) => s.roles)
  return <Navigate to={landingPath(roles)} replace />
}
