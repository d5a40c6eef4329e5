import { MassSendMethod } from '@app/core'
import { openSystemScope } from '../../db/system-scope.js'
import type { MassSendRepository, TaskRow } from './massSend.repository.js'
import type { StoredSentence } from './massSend.sentences.js'

/** Mass-send engine: the task cache by id. */
const system = openSystemScope('modules/massSend/massSend.tasks')

/** A task as the engine works with it: the row, its sentences parsed once. */
export interface TaskPlan {
  row: TaskRow
  sentences: StoredSentence[]
  oneByOne: boolean
}

/** Tasks read once per engine round (many lanes share one task). */
export class TaskCache {
  private plans = new Map<number, Promise<TaskPlan | undefined>>()

  constructor(private readonly tasks: MassSendRepository) {}

  clear(): void {
    this.plans = new Map()
  }

  get(id: number): Promise<TaskPlan | undefined> {
    let hit = this.plans.get(id)
    if (!hit) {
      hit = this.tasks.systemGet(system, id).then((row) =>
        row
          ? {
              row,
              sentences: JSON.parse(row.sentences) as StoredSentence[],
              oneByOne: row.method === MassSendMethod.oneByOne,
            }
          : undefined,
      )
      this.plans.set(id, hit)
    }
    return hit
  }
}
