/**
 * The tenant settings' routes, kept apart from their zod schemas: the web's shell reads the
 * display settings on every route, and a route that only needs a path does not load zod.
 */
export const TenantSettingsPath = {
  get: '/damai/customer/tenantSetting/get',
  update: '/damai/customer/tenantSetting/update',
  /** what every signed-in person of the tenant needs: page title, desk notifications, translation defaults */
  display: '/damai/customer/tenantSetting/display',
} as const
