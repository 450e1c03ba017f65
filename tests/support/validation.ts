import { errors } from '@vinejs/vine'

/** The fields a validation refuses ([] = accepted); any other error is rethrown */
export async function refusedFields(validation: Promise<unknown>): Promise<string[]> {
  try {
    await validation
    return []
  } catch (error) {
    if (error instanceof errors.E_VALIDATION_ERROR) {
      return (error.messages as { field: string }[]).map((message) => message.field)
    }
    throw error
  }
}
