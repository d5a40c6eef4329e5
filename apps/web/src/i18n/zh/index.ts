import { announcement } from './announcement'
import { auth } from './auth'
import { common } from './common'
import { home } from './home'
import { layout } from './layout'
import { menu } from './menu'
import { request } from './request'
import { role } from './role'
import { time } from './time'
import { version } from './version'

/** Chinese resources (the default language). The English file must have the same keys. */
export const zh = { announcement, auth, common, home, layout, menu, request, role, time, version }
