import { PURCHASE_STATUS } from "./statuses";
import { SCHEDULE_STATUS } from "./types";

/**
 * Schedule status derived at read time: 1 when the purchase was received; otherwise 4 without a
 * due date; 3 (late) when the due date is before today in the company's zone and the purchase is
 * still open (statuses 0 to 7); else 2. A cancelled purchase is never late.
 */
export function scheduleStatus(
  dueDate: string | null,
  purchase: { received: boolean; statusId: number },
  today: string,
): number {
  if (purchase.received) return SCHEDULE_STATUS.received;
  if (dueDate === null) return SCHEDULE_STATUS.notScheduled;
  const open =
    purchase.statusId >= PURCHASE_STATUS.draft && purchase.statusId <= PURCHASE_STATUS.awaitingCheck;
  return open && dueDate < today ? SCHEDULE_STATUS.late : SCHEDULE_STATUS.scheduled;
}
