import type Workflow from '#models/workflow'

export default class WorkflowDto {
  static fromModel(workflow: Workflow) {
    return {
      id: workflow.id,
      name: workflow.name,
      companyRole: workflow.companyRole,
      deadlineDays: workflow.deadlineDays,
      steps: workflow.steps,
      createdAt: workflow.createdAt.toISO()!,
      updatedAt: workflow.updatedAt.toISO()!,
    }
  }
}
