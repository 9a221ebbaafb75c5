import { type HubAttachmentRow, insertHubAttachment } from "../../db/hub/attachments";
import { findHubIntegration } from "../../db/hub/integrations";
import { findHubOrder, type HubOrderRow } from "../../db/hub/orders";
import { badRequest } from "../../lib/errors";
import { errorFields, log } from "../../lib/log";
import { sanitizeFileName } from "../uploads/file-name";
import { callChannel } from "./channel-calls";
import { findClaim } from "./claims";
import { channelOf, type HubDeps } from "./integrations";
import {
  ATTACHMENT_INVALID,
  ATTACHMENT_NOT_SENT,
  ATTACHMENT_SAVE_FAILED,
  HUB_INTEGRATION_NOT_FOUND,
  HUB_ORDER_NOT_FOUND,
} from "./messages";

export type AttachmentDeps = HubDeps & { bucket: R2Bucket; account: string };

/** The `file` part of the form: a named file with an extension and some content. */
function checkedFile(file: unknown): File {
  if (!(file instanceof File)) throw badRequest(ATTACHMENT_NOT_SENT);
  if (file.size === 0 || !/\.[A-Za-z0-9]{1,10}$/.test(file.name)) throw badRequest(ATTACHMENT_INVALID);
  return file;
}

/**
 * Stores the file in R2, then sends it to the channel; the channel's refusal removes the stored copy,
 * so a refused file leaves nothing behind. Every failure is a 400 with its own message.
 */
async function send(
  deps: AttachmentDeps,
  order: HubOrderRow,
  claim: { id: number; channelClaimId: string } | null,
  input: unknown,
): Promise<HubAttachmentRow> {
  const file = checkedFile(input);
  const integration = await findHubIntegration(deps.db, deps.companyId, order.companyIntegrationId);
  if (!integration) throw badRequest(HUB_INTEGRATION_NOT_FOUND);
  const fileName = sanitizeFileName(file.name);
  const contentType = file.type || "application/octet-stream";
  const bytes = new Uint8Array(await file.arrayBuffer());
  const key = `${deps.account}/${deps.companyId}/hub/${order.id}/${crypto.randomUUID()}`;
  try {
    await deps.bucket.put(key, bytes, { httpMetadata: { contentType }, customMetadata: { fileName } });
  } catch (error) {
    log("error", "hub attachment not stored", errorFields(error));
    throw badRequest(ATTACHMENT_SAVE_FAILED);
  }
  try {
    const channel = await channelOf(deps, integration);
    const sent = await callChannel(() =>
      channel.sendAttachment(
        { orderId: order.channelOrderId, claimId: claim?.channelClaimId ?? null },
        { name: fileName, contentType, bytes },
      ),
    );
    return await insertHubAttachment(deps.db, {
      companyId: deps.companyId,
      hubOrderId: order.id,
      claimId: claim?.id ?? null,
      fileKey: key,
      fileName,
      contentType,
      sizeBytes: bytes.byteLength,
      channelAttachmentId: sent.attachmentId,
    });
  } catch (error) {
    await deps.bucket.delete(key);
    throw error;
  }
}

/** `POST /hub/order/{idintegration}/action/file`. */
export async function sendOrderAttachment(deps: AttachmentDeps, hubOrderId: number, file: unknown) {
  const order = await findHubOrder(deps.db, deps.companyId, { hubOrderId });
  if (!order) throw badRequest(HUB_ORDER_NOT_FOUND);
  return send(deps, order, null, file);
}

/** `POST /hub/order/claim/{idhuborderclaim}/action/file`. */
export async function sendClaimAttachment(deps: AttachmentDeps, claimId: number, file: unknown) {
  const { claim, order } = await findClaim(deps, claimId);
  return send(deps, order, claim, file);
}
