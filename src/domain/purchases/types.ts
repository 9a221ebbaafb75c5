/** Types shared by the purchases domain and its data access. */

export type PurchaseFilters = {
  page: number;
  id?: number;
  statusId?: number;
  supplierId?: number;
  warehouseId?: number;
  orderId?: number;
  chNfeFrom?: string;
  nfeNumberFrom?: number;
  startTimeFrom?: string;
  startTimeTo?: string;
  /** UTC `YYYY-MM-DD HH:MM:SS`: purchases created or changed since then. */
  sinceRecordTimestamp?: string;
  /** 1 received, 2 scheduled, 3 late, 4 not scheduled. */
  scheduleStatus?: number;
};

/** Schedule status (StockKeepingUnitPurchaseScheduleStatus). */
export const SCHEDULE_STATUS = { received: 1, scheduled: 2, late: 3, notScheduled: 4 } as const;

export const SCHEDULE_STATUS_NAMES: Record<number, string> = {
  1: "Recebido",
  2: "Agendado",
  3: "Atrasado",
  4: "Não agendado",
};
