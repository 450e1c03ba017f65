import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import WorkEntry from '#models/work_entry'
import WorkEntryTask from '#models/work_entry_task'

export const WorkEntryTaskFactory = factory
  .define(WorkEntryTask, ({ faker }) => ({
    description: faker.hacker.phrase().slice(0, 200),
    durationMinutes: 60,
    position: 0,
  }))
  .build()

export const WorkEntryFactory = factory
  .define(WorkEntry, () => ({
    date: DateTime.now().startOf('day'),
    reason: null,
    totalMinutes: 60,
  }))
  .relation('tasks', () => WorkEntryTaskFactory)
  .build()
