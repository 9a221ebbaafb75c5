// The D1 call counter lives with the Worker (src/platform/d1-counter.ts), whose entry counts every
// invocation of the test suite with it; the tests that count one piece of work themselves import it here.
export {
  countedEnv,
  D1_QUERIES_PER_INVOCATION,
  type D1Calls,
  noCalls,
} from "../../src/platform/d1-counter";
