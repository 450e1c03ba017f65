/**
 * Ace commands that `npm run dev` runs beside the HTTP server (workers).
 * Areas that need a background process add it here.
 */
export const devProcesses: string[][] = [['queue:work']]
