import { D1_CALLS_PER_INVOCATION } from "../../platform/d1-budget";

/**
 * The D1 calls each piece of work of the events consumer makes at most (a batch counts its
 * statements), asserted by test/queue/events-budget.test.ts with a counting binding:
 * - `deliverRun`: the `deliver` messages of one account, however many: one claim (a batch of 4:
 *   rate windows, deliveries, their endpoints, their events) and one record (a batch of at most 3:
 *   attempts, deliveries, endpoints turned off by a 410);
 * - `mail`: one e-mail, claimed then marked;
 * - `dispatchRun`: a dispatch run apart from its fan-outs: the sweep (2) and the mail still to send (1);
 * - `fanOutRound`: one fan-out of up to `FAN_OUT_LIMIT` events (a batch of 2) and the check for more (1).
 */
export const EVENT_CALLS = { deliverRun: 7, mail: 2, dispatchRun: 3, fanOutRound: 3 } as const;

/** Messages of one consumer invocation at most (Queues' largest `max_batch_size`). */
export const MESSAGES_PER_INVOCATION = 100;

/** Fan-outs of one dispatch run at most (each sends up to FAN_OUT_LIMIT `deliver` messages). */
export const FAN_OUTS_PER_RUN = 20;

/** What one invocation of the events consumer holds: account groups of each kind, and e-mails. */
export type InvocationWork = { deliverGroups: number; dispatchGroups: number; mails: number };

/**
 * The fan-outs each dispatch run of an invocation may make, from the D1 budget left once every
 * other piece of work is counted: at least one (every run makes progress; the next run continues),
 * at most FAN_OUTS_PER_RUN. Within budget by construction for any batch the queue can hand over:
 * the fan-outs are sized to fit what is left, and when only the one-fan-out minimum is left the
 * costliest message is a `deliver` of an account of its own (7 calls) or a dispatch of one fan-out
 * (3 + 3 = 6), so 100 messages make at most 100 x 7 = 700 calls <= 800.
 */
export function fanOutsPerDispatch(work: InvocationWork, budget = D1_CALLS_PER_INVOCATION): number {
  if (work.dispatchGroups === 0) return 0;
  const fixed =
    work.deliverGroups * EVENT_CALLS.deliverRun +
    work.mails * EVENT_CALLS.mail +
    work.dispatchGroups * EVENT_CALLS.dispatchRun;
  const each = Math.floor((budget - fixed) / work.dispatchGroups / EVENT_CALLS.fanOutRound);
  return Math.min(FAN_OUTS_PER_RUN, Math.max(1, each));
}

/** D1 calls the plan of an invocation makes at most (what the budget is checked against). */
export function plannedCalls(work: InvocationWork): number {
  return (
    work.deliverGroups * EVENT_CALLS.deliverRun +
    work.mails * EVENT_CALLS.mail +
    work.dispatchGroups * (EVENT_CALLS.dispatchRun + fanOutsPerDispatch(work) * EVENT_CALLS.fanOutRound)
  );
}
