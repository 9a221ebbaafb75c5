import { insertMailStatement } from "../../db/events/mail";
import {
  activeTemplatesOf,
  deleteTrackingMessage,
  findTrackingMessage,
  insertTrackingMessage,
  listTrackingMessages,
  type TrackingMessageFields,
  type TrackingMessageRow,
  updateTrackingMessage,
} from "../../db/events/tracking-messages";
import type { Statement } from "../../db/sql";
import type { Db } from "../../env";
import { badRequest, refuseOnConflict } from "../../lib/errors";
import { statusRegistry } from "../orders/registry";
import { EVENT_MESSAGES as M } from "./messages";
import { eventStatement } from "./outbox";
import { checkTemplate, MAX_TEMPLATE_LENGTH, renderTemplate, type TrackingMessageData } from "./templates";

/** Channels of a tracking message (`TypeMessage`, also on `PUT /orders/{id}` with `Resend`). */
export const TYPE_MESSAGE = { email: 1, webhook: 2 } as const;
export type TypeMessage = (typeof TYPE_MESSAGE)[keyof typeof TYPE_MESSAGE];

export type TrackingMessageInput = {
  trackingStatusId?: number;
  typeMessage?: TypeMessage;
  subject?: string | null;
  body?: string;
  active?: 0 | 1;
};

async function checked(
  db: Db,
  input: TrackingMessageInput,
  current?: TrackingMessageRow,
): Promise<TrackingMessageFields> {
  if (
    input.trackingStatusId !== undefined &&
    !(await statusRegistry(db)).statuses.has(input.trackingStatusId)
  )
    throw badRequest(M.trackingStatusNotFound);
  const typeMessage = input.typeMessage ?? current?.typeMessage;
  const subject = input.subject !== undefined ? input.subject : (current?.subject ?? null);
  if (typeMessage === TYPE_MESSAGE.email && !subject?.trim()) throw badRequest(M.subjectRequired);
  if (input.body !== undefined) {
    if (input.body.length > MAX_TEMPLATE_LENGTH)
      throw badRequest(M.templateInvalid(`mais de ${MAX_TEMPLATE_LENGTH} caracteres`));
    checkTemplate(input.body);
  }
  if (input.subject) checkTemplate(input.subject);
  return {
    trackingStatusId: input.trackingStatusId,
    typeMessage: input.typeMessage,
    subject: input.subject,
    body: input.body,
    active: input.active,
  };
}

export const listTemplates = (
  db: Db,
  companyId: number,
  filters: { trackingStatusId?: number; page: number },
) => listTrackingMessages(db, companyId, filters);

export async function getTemplate(db: Db, companyId: number, id: number): Promise<TrackingMessageRow[]> {
  const row = await findTrackingMessage(db, companyId, id);
  return row ? [row] : [];
}

/** One template per tracking status and channel (UNIQUE): a second one is refused. */
export async function createTemplate(
  db: Db,
  companyId: number,
  input: TrackingMessageInput,
): Promise<TrackingMessageRow> {
  const fields = await checked(db, input);
  return refuseOnConflict(
    () =>
      insertTrackingMessage(db, companyId, {
        ...fields,
        trackingStatusId: input.trackingStatusId!,
        typeMessage: input.typeMessage!,
        body: input.body!,
      }),
    M.trackingMessageExists,
  );
}

export async function changeTemplate(
  db: Db,
  companyId: number,
  id: number,
  input: TrackingMessageInput,
): Promise<TrackingMessageRow> {
  const current = await findTrackingMessage(db, companyId, id);
  if (!current) throw badRequest(M.trackingMessageNotFound);
  const fields = await checked(db, input, current);
  const row = await refuseOnConflict(
    () => updateTrackingMessage(db, companyId, id, fields),
    M.trackingMessageExists,
  );
  if (!row) throw badRequest(M.trackingMessageNotFound);
  return row;
}

export async function removeTemplate(db: Db, companyId: number, id: number): Promise<void> {
  if (!(await deleteTrackingMessage(db, companyId, id))) throw badRequest(M.trackingMessageNotFound);
}

/** A tracking status transition of an order, with what its messages may say. */
export type TrackingTransition = {
  companyId: number;
  fromStatusId: number | null;
  toStatusId: number;
  data: TrackingMessageData;
};

/** The messages of a transition, rendered from the status's active templates. */
export type RenderedMessage =
  | { typeMessage: 1; templateId: number; to: string; subject: string; text: string }
  | { typeMessage: 2; templateId: number; text: string };

export async function renderTransition(
  db: Db,
  t: TrackingTransition,
  only?: TypeMessage,
  known?: TrackingMessageRow[],
): Promise<RenderedMessage[]> {
  const templates = known ?? (await activeTemplatesOf(db, t.companyId, t.toStatusId));
  const rendered: RenderedMessage[] = [];
  for (const template of templates) {
    if (only !== undefined && template.typeMessage !== only) continue;
    const text = renderTemplate(template.body, t.data);
    if (template.typeMessage === TYPE_MESSAGE.webhook) {
      rendered.push({ typeMessage: 2, templateId: template.id, text });
    } else if (t.data.Order.CustomerEmail) {
      const subject = renderTemplate(template.subject ?? "", t.data);
      rendered.push({
        typeMessage: 1,
        templateId: template.id,
        to: t.data.Order.CustomerEmail,
        subject,
        text,
      });
    }
  }
  return rendered;
}

function messageStatements(db: Db, t: TrackingTransition, messages: RenderedMessage[]): Statement[] {
  return messages.map((m) =>
    m.typeMessage === TYPE_MESSAGE.email
      ? insertMailStatement(db, t.companyId, { to: m.to, subject: m.subject, body: m.text })
      : eventStatement(db, t.companyId, {
          type: "tracking.message",
          payload: {
            IDOrder: t.data.Order.IDOrder,
            IDTrackingStatus: t.toStatusId,
            IDTrackingMessage: m.templateId,
            Message: m.text,
          },
        }),
  );
}

/**
 * @public The seam for the orders area (its tracking status change calls it for its batch).
 *
 * What a tracking status transition adds to the order's batch: the `tracking.status_changed` event
 * and the status's messages (e-mail into the mail outbox, webhook as a `tracking.message` event).
 */
export async function trackingTransitionStatements(
  db: Db,
  t: TrackingTransition,
  templates?: TrackingMessageRow[],
): Promise<Statement[]> {
  const messages = await renderTransition(db, t, undefined, templates);
  return [
    eventStatement(db, t.companyId, {
      type: "tracking.status_changed",
      payload: {
        IDOrder: t.data.Order.IDOrder,
        IDTrackingStatusFrom: t.fromStatusId,
        IDTrackingStatus: t.toStatusId,
        TrackingCode: t.data.Tracking.Code,
        ChangedAt: t.data.Tracking.ChangedAt,
      },
    }),
    ...messageStatements(db, t, messages),
  ];
}

/**
 * @public The seam for `PUT /orders/{id}` of the orders area.
 *
 * `PUT /orders/{id}` with `Resend` and `TypeMessage`: the current status's message of that channel
 * again (no status event: nothing changed). Answers the statements for the order's batch.
 */
export async function resendStatements(
  db: Db,
  t: TrackingTransition,
  typeMessage: TypeMessage,
): Promise<Statement[]> {
  return messageStatements(db, t, await renderTransition(db, t, typeMessage));
}
