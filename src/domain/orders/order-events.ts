import type { TrackingMessageRow } from "../../db/events/tracking-messages";
import { findCompany } from "../../db/identity";
import type { OrderRow } from "../../db/orders/orders";
import { consumerContact } from "../../db/orders/registry";
import type { Statement } from "../../db/sql";
import type { Db } from "../../env";
import { DEFAULT_TIME_ZONE, nowIn } from "../../lib/dates";
import { formatCents } from "../../lib/money";
import { eventStatement } from "../events/outbox";
import type { TrackingMessageData } from "../events/templates";
import {
  resendStatements,
  type TrackingTransition,
  TYPE_MESSAGE,
  trackingTransitionStatements,
} from "../events/tracking-messages";
import type { TypeMessage } from "./change-order";
import type { StatusRegistry } from "./transitions";

/**
 * What `orderEventStatements` reads for a status change, when the caller read it already for many
 * orders (the NF-e emission's chunk): the company, the order's consumer contact, the active tracking
 * messages of the new status.
 */
export type OrderEventReads = {
  company: { name: string; timeZone: string | null } | undefined;
  consumer: { name: string | null; email: string | null } | undefined;
  templates: TrackingMessageRow[];
};

/**
 * The events of a change of an order, for its batch. The order's status is its tracking status:
 * the flow carries the shipment (7 sent, 8 in transit, 9 delivered...), so a status change writes
 * `order.status_changed` and fires the tracking messages of the new status (`tracking.status_changed`,
 * the e-mail to the consumer, the webhook's `tracking.message`); `Resend` with `TypeMessage` renders
 * the current status's message of that channel again.
 */
export async function orderEventStatements(
  db: Db,
  order: OrderRow,
  registry: StatusRegistry,
  change: { fromStatusId: number; toStatusId: number; trackingCode: string | null } | null,
  resend: TypeMessage | null,
  known?: OrderEventReads,
): Promise<Statement[]> {
  if (!change && !resend) return [];
  const [company, consumer] = known
    ? [known.company, known.consumer]
    : await Promise.all([
        findCompany(db, order.companyId),
        order.consumerId === null ? undefined : consumerContact(db, order.companyId, order.consumerId),
      ]);
  const changedAt = nowIn(company?.timeZone ?? DEFAULT_TIME_ZONE);
  const statusName = (id: number | null) =>
    id === null ? null : (registry.statuses.get(id)?.description ?? null);
  const transition = (
    fromStatusId: number | null,
    toStatusId: number,
    code: string | null,
  ): TrackingTransition => {
    const data: TrackingMessageData = {
      Order: {
        IDOrder: order.id,
        Number: String(order.id),
        CustomerName: consumer?.name ?? null,
        CustomerEmail: consumer?.email ?? null,
        Total: formatCents(order.total),
      },
      Tracking: {
        IDTrackingStatus: toStatusId,
        Status: statusName(toStatusId) ?? String(toStatusId),
        PreviousStatus: statusName(fromStatusId),
        Code: code,
        Url: null,
        Carrier: null,
        ChangedAt: changedAt,
      },
      Company: { Name: company?.name ?? "" },
    };
    return { companyId: order.companyId, fromStatusId, toStatusId, data };
  };
  const statements: Statement[] = [];
  if (change) {
    statements.push(
      eventStatement(db, order.companyId, {
        type: "order.status_changed",
        payload: {
          IDOrder: order.id,
          IDStatusOrderFrom: change.fromStatusId,
          IDStatusOrder: change.toStatusId,
          ChangedAt: changedAt,
        },
      }),
      ...(await trackingTransitionStatements(
        db,
        transition(change.fromStatusId, change.toStatusId, change.trackingCode),
        known?.templates,
      )),
    );
  }
  if (resend) {
    const statusId = change?.toStatusId ?? order.statusId;
    statements.push(
      ...(await resendStatements(
        db,
        transition(null, statusId, change?.trackingCode ?? order.trackingCode),
        TYPE_MESSAGE[resend],
      )),
    );
  }
  return statements;
}
