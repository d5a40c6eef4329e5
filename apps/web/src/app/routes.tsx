import { Access } from '@app/core'
import { lazy } from 'react'
import { preloadable } from '../components/lazyPart'
import { type AppRoute, normalizePath } from './routeAccess'

/* Pages built so far; every other route shows the shared "not available yet" page. */
// the build draws the sign-in page into its HTML: the app's first render must not replace it
// with a loading state before drawing the same page again (main.tsx loads it first)
const Login = preloadable(() => import('../pages/login'))

/** Loads the page of `pathname` ahead of the first render, where its route's page can be. */
export function preloadPage(pathname: string): Promise<unknown> {
  const page = publicRoutes.find((r) => r.path === normalizePath(pathname))?.component
  return page && 'preload' in page ? (page.preload as () => Promise<unknown>)() : Promise.resolve()
}
const AdminLogin = lazy(() => import('../pages/adminLogin'))
const NotFound = lazy(() => import('../pages/notFound'))
const Sim = lazy(() => import('../pages/sim'))
const Home = lazy(() => import('../pages/home'))
const DataStatistics = lazy(() => import('../pages/dataStatistics'))
const DynamicManage = lazy(() => import('../pages/dynamicManage'))
const NurturingMaterial = lazy(() => import('../pages/accountNurturingManage/sourceMaterial'))
const NurturingRule = lazy(() => import('../pages/accountNurturingManage/rule'))
const AnnouncementManage = lazy(() => import('../pages/announcementManage/index'))
const AccountList = lazy(() => import('../pages/accountManage/index/index'))
const AccountGroup = lazy(() => import('../pages/accountManage/group/index'))
const AccountImport = lazy(() => import('../pages/accountManage/import/index'))
const ComingSoon = lazy(() => import('../pages/comingSoon'))
const AutomaticReplyMarketing = lazy(() => import('../pages/marketing/automaticReplyMarketing/index'))
const AutomaticReplyDesk = lazy(() => import('../pages/customerServiceDesk/automaticReplyDesk/index'))
const OperationsManage = lazy(() => import('../pages/platform/OperationsManage'))
const BusinessManage = lazy(() => import('../pages/platform/BusinessManage'))
const SupervisorManage = lazy(() => import('../pages/platform/SupervisorManage'))
const OrderManage = lazy(() => import('../pages/orders/OrderManage'))
const CustomerManage = lazy(() => import('../pages/platform/CustomerManage'))
const ConfigManage = lazy(() => import('../pages/platform/ConfigManage'))
const SystemManage = lazy(() => import('../pages/platform/SystemManage'))
const BusinessSet = lazy(() => import('../pages/platform/BusinessSet'))
const OrderStatistics = lazy(() => import('../pages/orders/OrderStatistics'))
const AgentGroups = lazy(() => import('../pages/customerServiceManage/AgentGroups'))
const MyOrder = lazy(() => import('../pages/orders/MyRecords').then((m) => ({ default: m.MyOrder })))
const PortRecord = lazy(() => import('../pages/orders/MyRecords').then((m) => ({ default: m.PortRecord })))
const SeatRecord = lazy(() => import('../pages/orders/MyRecords').then((m) => ({ default: m.SeatRecord })))
const AgentList = lazy(() => import('../pages/customerServiceManage/AgentList'))
const CustomerAcquisitionStatistics = lazy(
  () => import('../pages/accountManage/customerAcquisitionStatistics/index'),
)
const ShareAcquisitionStatistics = lazy(() => import('../pages/acquisitionStatisticsShare'))
const ApiInterfaceCodeShare = lazy(() => import('../pages/apiInterfaceCodeShare/index'))
const ApiInterfaceChatHistoryShare = lazy(() => import('../pages/apiInterfaceChatHistoryShare/index'))
const ApiInterfaceCodes = lazy(() => import('../pages/apiInterface/index/index'))
const ApiInterfaceChatHistory = lazy(() => import('../pages/apiInterface/chatHistory/index'))
const NicknameMaterial = lazy(() => import('../pages/materialManage/nickname/index'))
const AvatarMaterial = lazy(() => import('../pages/materialManage/avatar/index'))
const MessageMaterial = lazy(() => import('../pages/materialManage/message/index'))
const LabelManage = lazy(() => import('../pages/customerServiceDesk/labelManage/index'))
const DeskMaterialManage = lazy(() => import('../pages/customerServiceDesk/deskMaterialManage/index'))
const DeskSession = lazy(() => import('../pages/customerServiceDesk/deskSession/index'))
const DeskInvalidFans = lazy(() => import('../pages/customerServiceDesk/deskInvalidFansList/index'))
const DeskDeletions = lazy(() => import('../pages/customerServiceDesk/deskInvalidFansDelete/index'))
const FansList = lazy(() => import('../pages/fansManage/list/index'))
const DeskFansList = lazy(() => import('../pages/customerServiceDesk/deskFansList/index'))
const DeskMyAccount = lazy(() => import('../pages/customerServiceDesk/myAccount/index'))
const ChatHistory = lazy(() => import('../pages/chatHistory/index'))
const SessionConsole = lazy(() => import('../pages/sessionConsole/index'))
const FanInheritance = lazy(() => import('../pages/fansManage/fanInheritance/index'))
const InvalidFansList = lazy(() => import('../pages/fansManage/invalidFansList/index'))
const InvalidFansDelete = lazy(() => import('../pages/fansManage/invalidFansDelete/index'))
const AddFansGroupSend = lazy(() => import('../pages/marketing/addFansGroupSend/index'))
const RiskConfig = lazy(() => import('../pages/riskManage/config/index'))
const RiskWarning = lazy(() => import('../pages/riskManage/warning/index'))
const RiskStatistics = lazy(() => import('../pages/riskManage/statistics/index'))
const FanGroupSendLog = lazy(() => import('../pages/marketing/fanGroupSendLog/index'))
const SettingPage = lazy(() => import('../pages/setting/index'))
const DeskFanGroupSend = lazy(() => import('../pages/customerServiceDesk/fanGroupSend/index'))
const DiversionLink = lazy(() => import('../pages/marketing/diversionLink/index'))
const DiversionVisit = lazy(() => import('../pages/diversionVisit'))
const Counter = lazy(() => import('../pages/counter/index'))
const CounterShare = lazy(() => import('../pages/counterShare'))
const MarketingInteraction = lazy(() => import('../pages/customerServiceDesk/marketingInteraction/index'))

const soon = (path: string, titleKey: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  path,
  titleKey: `menu.${titleKey}`,
  component: ComingSoon,
  ...extra,
})

const group = (
  path: string,
  titleKey: string,
  icon: AppRoute['icon'],
  children: AppRoute[],
  roles?: AppRoute['roles'],
) => ({
  path,
  titleKey: `menu.${titleKey}`,
  icon,
  roles,
  children,
})

/** Public pages (spec §2): no token needed, no layout. */
export const publicRoutes: AppRoute[] = [
  { path: '/login', titleKey: 'menu.login', component: Login },
  { path: '/adminLogin', titleKey: 'menu.adminLogin', component: AdminLogin },
  { path: '/404', titleKey: 'menu.notFound', component: NotFound },
  /* demo mode: the simulated WhatsApp phone */
  { path: '/sim', titleKey: 'menu.sim', component: Sim },
  soon('/s', 'shareDiversionLink', { component: DiversionVisit }),
  { path: '/s2', titleKey: 'menu.shareAcquisitionStatistics', component: ShareAcquisitionStatistics },
  { path: '/counterShare', titleKey: 'menu.shareCounter', component: CounterShare },
  soon('/apiInterfaceCodeShare', 'shareApiInterfaceCode', { component: ApiInterfaceCodeShare }),
  soon('/apiInterfaceChatHistoryShare', 'shareApiInterfaceChatHistory', {
    component: ApiInterfaceChatHistoryShare,
  }),
]

/** Pages inside the signed-in layout, in menu order. */
export const layoutRoutes: AppRoute[] = [
  { path: '/home', titleKey: 'menu.home', icon: 'home', component: Home },

  /* customerMaster (spec §2) */
  soon('/dataStatistics', 'dataStatistics', {
    icon: 'dashboard',
    roles: Access.master,
    component: DataStatistics,
  }),
  soon('/sessionConsole', 'sessionConsole', {
    icon: 'comment',
    roles: Access.master,
    component: SessionConsole,
  }),
  group(
    '/accountManage',
    'accountManage',
    'whatsApp',
    [
      { path: '/accountManage/index', titleKey: 'menu.accountList', component: AccountList },
      { path: '/accountManage/group', titleKey: 'menu.accountGroup', component: AccountGroup },
      { path: '/accountManage/import', titleKey: 'menu.accountImport', component: AccountImport },
      {
        path: '/accountManage/customerAcquisitionStatistics',
        titleKey: 'menu.customerAcquisitionStatistics',
        component: CustomerAcquisitionStatistics,
      },
    ],
    Access.master,
  ),
  group(
    '/customerServiceManage',
    'customerServiceManage',
    'customerService',
    [
      soon('/customerServiceManage/list', 'customerServiceList', { component: AgentList }),
      soon('/customerServiceManage/group', 'customerServiceGroup', { component: AgentGroups }),
    ],
    Access.master,
  ),
  group(
    '/fansManage',
    'fansManage',
    'team',
    [
      soon('/fansManage/list', 'fansList', { component: FansList }),
      soon('/fansManage/fanInheritance', 'fanInheritance', { component: FanInheritance }),
      soon('/fansManage/invalidFansList', 'invalidFansList', { component: InvalidFansList }),
      soon('/fansManage/invalidFansDelete', 'invalidFansDelete', { component: InvalidFansDelete }),
    ],
    Access.master,
  ),
  group(
    '/marketing',
    'marketing',
    'thunderbolt',
    [
      soon('/marketing/diversionLink', 'diversionLink', { component: DiversionLink }),
      soon('/marketing/addFansGroupSend', 'addFansGroupSend', { component: AddFansGroupSend }),
      soon('/marketing/fanGroupSendLog', 'fanGroupSendLog', { component: FanGroupSendLog }),
      soon('/marketing/automaticReplyMarketing', 'automaticReplyMarketing', {
        component: AutomaticReplyMarketing,
      }),
    ],
    Access.master,
  ),
  group(
    '/riskManage',
    'riskManage',
    'safetyCertificate',
    [
      soon('/riskManage/config', 'riskConfig', { component: RiskConfig }),
      soon('/riskManage/warning', 'riskWarning', { component: RiskWarning }),
      soon('/riskManage/statistics', 'riskStatistics', { component: RiskStatistics }),
    ],
    Access.master,
  ),
  group(
    '/materialManage',
    'materialManage',
    'picture',
    [
      { path: '/materialManage/nickname', titleKey: 'menu.nicknameMaterial', component: NicknameMaterial },
      { path: '/materialManage/avatar', titleKey: 'menu.avatarMaterial', component: AvatarMaterial },
      { path: '/materialManage/message', titleKey: 'menu.messageMaterial', component: MessageMaterial },
    ],
    Access.master,
  ),
  soon('/myOrder', 'myOrder', { icon: 'shoppingCart', roles: Access.master, component: MyOrder }),
  soon('/dynamicManage/index', 'dynamicManage', {
    icon: 'fund',
    roles: Access.master,
    component: DynamicManage,
  }),
  soon('/portRecord', 'portRecord', { icon: 'cluster', roles: Access.master, component: PortRecord }),
  soon('/seatRecord/index', 'seatRecord', { icon: 'idcard', roles: Access.master, component: SeatRecord }),
  soon('/counter/index', 'counter', { icon: 'calculator', roles: Access.master, component: Counter }),
  group(
    '/apiInterface',
    'apiInterface',
    'api',
    [
      soon('/apiInterface/index', 'apiInterfaceCodes', { component: ApiInterfaceCodes }),
      soon('/apiInterface/chatHistory', 'apiInterfaceChatHistory', { component: ApiInterfaceChatHistory }),
    ],
    Access.master,
  ),
  soon('/chatHistory/index', 'chatHistory', {
    icon: 'history',
    roles: Access.chatHistory,
    component: ChatHistory,
  }),
  soon('/Setting/index', 'setting', { icon: 'setting', roles: Access.master, component: SettingPage }),

  /* admin */
  soon('/operationsManage', 'operationsManage', {
    icon: 'userSwitch',
    roles: Access.platformAdmin,
    component: OperationsManage,
  }),
  {
    path: '/announcementManage/index',
    titleKey: 'menu.announcementManage',
    icon: 'notification',
    roles: Access.platformAdmin,
    component: AnnouncementManage,
  },
  group(
    '/accountNurturingManage',
    'accountNurturingManage',
    'experiment',
    [
      soon('/accountNurturingManage/sourceMaterial', 'nurturingSourceMaterial', {
        component: NurturingMaterial,
      }),
      soon('/accountNurturingManage/rule', 'nurturingRule', { component: NurturingRule }),
    ],
    Access.platformAdmin,
  ),
  soon('/systemManage/index', 'systemManage', {
    icon: 'tool',
    roles: Access.platformAdmin,
    component: SystemManage,
  }),

  /* operations (and business, for their own customers and orders) */
  soon('/orderStatistics/index', 'orderStatistics', {
    icon: 'barChart',
    roles: Access.operations,
    component: OrderStatistics,
  }),
  soon('/customerManage', 'customerManage', {
    icon: 'solution',
    roles: Access.sales,
    component: CustomerManage,
  }),
  soon('/orderManage', 'orderManage', { icon: 'profile', roles: Access.sales, component: OrderManage }),
  soon('/businessManage', 'businessManage', {
    icon: 'shop',
    roles: Access.operations,
    component: BusinessManage,
  }),
  soon('/customerMasterManage', 'customerMasterManage', {
    icon: 'fileSearch',
    roles: Access.sales,
    component: SupervisorManage,
  }),
  soon('/configManage', 'configManage', {
    icon: 'control',
    roles: Access.operations,
    component: ConfigManage,
  }),
  soon('/businessSet', 'businessSet', { icon: 'alert', roles: Access.operations, component: BusinessSet }),

  /* agent desk: reachable, never in the menu */
  {
    ...group(
      '/customerServiceDesk',
      'customerServiceDesk',
      'customerService',
      [
        soon('/customerServiceDesk/deskSession', 'deskSession', { hidden: true, component: DeskSession }),
        soon('/customerServiceDesk/deskFansList', 'deskFansList', { hidden: true, component: DeskFansList }),
        soon('/customerServiceDesk/labelManage', 'labelManage', { hidden: true, component: LabelManage }),
        soon('/customerServiceDesk/fanGroupSend', 'fanGroupSend', {
          hidden: true,
          component: DeskFanGroupSend,
        }),
        soon('/customerServiceDesk/deskMaterialManage', 'deskMaterialManage', {
          hidden: true,
          component: DeskMaterialManage,
        }),
        soon('/customerServiceDesk/deskInvalidFansList', 'deskInvalidFansList', {
          hidden: true,
          component: DeskInvalidFans,
        }),
        soon('/customerServiceDesk/deskInvalidFansDelete', 'deskInvalidFansDelete', {
          hidden: true,
          component: DeskDeletions,
        }),
        soon('/customerServiceDesk/myAccount', 'myAccount', { hidden: true, component: DeskMyAccount }),
        soon('/customerServiceDesk/automaticReplyDesk', 'automaticReplyDesk', {
          hidden: true,
          component: AutomaticReplyDesk,
        }),
        soon('/customerServiceDesk/marketingInteraction', 'marketingInteraction', {
          hidden: true,
          component: MarketingInteraction,
        }),
      ],
      Access.desk,
    ),
    hidden: true,
  },
]

/** The agent desk's routes render in its own full-screen layout, not the console's (router.tsx). */
export const DESK_PATH = '/customerServiceDesk'

/** The entry of the agent desk, offered as a shortcut on the home page to the desk roles. */
export const DESK_ENTRY = '/customerServiceDesk/deskSession'
