/** Statuses of a retroactive hours request (the model's column, the list filter) */
export const RETROACTIVE_STATUSES = ['pending', 'approved', 'declined'] as const
export type RetroactiveStatus = (typeof RETROACTIVE_STATUSES)[number]
