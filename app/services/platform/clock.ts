/**
 * The clock, for the layers that reach it as a service (controllers,
 * actions, services); it lives in support so that models and support can
 * read it too (imports point down).
 */
export {
  default,
  FixedClock,
  nowLocal,
  nowMillis,
  nowUtc,
  restoreClock,
  useClock,
  wallNow,
} from '#support/clock'
