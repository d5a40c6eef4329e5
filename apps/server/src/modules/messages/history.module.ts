import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/index.js'
import { AccountDirectory } from '../accounts/index.js'
import { listAgents } from '../users/index.js'
import { ChatHistory } from './chat.history.js'
import { HistoryConversation } from './history.conversation.js'
import { HistoryRepository } from './history.repository.js'
import { historyRoutes } from './history.routes.js'
import { HistorySearch } from './history.search.js'

/** The chat history (/chatHistory/index): search, conversation, export; read-only. */
export function installChatHistory(app: FastifyInstance, db: Db): HistorySearch {
  const repo = new HistoryRepository(db)
  const search = new HistorySearch(db, repo)
  const accounts = new AccountDirectory(db)
  historyRoutes(app, {
    search,
    conversation: new HistoryConversation(repo, new ChatHistory(db)),
    // the live WS accounts and the enabled agents: what can still be picked; hits name any
    options: async (tenantId) => {
      const [live, agents] = await Promise.all([
        accounts.onDesk(tenantId, null, []),
        listAgents(db, tenantId),
      ])
      return {
        accounts: live.map((a) => ({
          id: a.id,
          phone: a.phone,
          name: a.push_name || a.remark,
          deleted: false,
        })),
        agents: agents.map((a) => ({ id: a.id, name: a.nickname })),
      }
    },
  })
  return search
}
