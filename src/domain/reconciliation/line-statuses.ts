/**
 * The reconciliation status of a bank line or an acquirer line (`IDTypeStatusConciliation`, SPEC
 * "Reconciliation status"), the `status_id` column whose CHECK keeps it in 1..4:
 *
 * - `pending` (1): every new line (OFX import, manual line, acquirer line) and every undone line;
 * - `autoReconciled` (2): a pending line a conciliation rule reconciled (`db/auto-reconciliation-writes.ts`);
 * - `manuallyReconciled` (3) or `partiallyReconciled` (4): decided by `reconciledLineStatus` in
 *   `db/reconciliation.ts`, inside the reconciling batch: a bank line is 3 once its reconciled value
 *   reaches its absolute value and 4 while part of it is left; an acquirer line is always 3.
 */
export const LINE_STATUS = {
  pending: 1,
  autoReconciled: 2,
  manuallyReconciled: 3,
  partiallyReconciled: 4,
} as const;

/**
 * Not a status: the value a guard statement writes when the state read before its batch changed
 * meanwhile, so the line's status CHECK fails and the whole batch is rolled back.
 */
export const LINE_STATUS_REFUSED = 0;
