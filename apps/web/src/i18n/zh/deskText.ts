import { account } from './account'
import { auth } from './auth'
import { autoReply } from './autoReply'
import { chat } from './chat'
import { common } from './common'
import { desk } from './desk'
import { fans } from './fans'
import { group } from './group'
import { label } from './label'
import { layout } from './layout'
import { material } from './material'
import { menu } from './menu'
import { merchants } from './merchants'
import { nurturing } from './nurturing'
import { page } from './page'
import { palette } from './palette'
import { request } from './request'
import { risk } from './risk'
import { settings } from './settings'
import { support } from './support'
import { time } from './time'
import { version } from './version'

/**
 * The text the agent desk's layout and session page show, the shell's included: all a desk needs
 * at first. The rest loads with the first other page (text-parts.test.ts checks the desk's code
 * uses no other area).
 */
export const deskText = {
  account,
  auth,
  autoReply,
  chat,
  common,
  desk,
  fans,
  group,
  label,
  layout,
  material,
  menu,
  merchants,
  nurturing,
  page,
  palette,
  request,
  risk,
  settings,
  support,
  time,
  version,
}
