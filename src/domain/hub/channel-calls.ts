import { ChannelError } from "../../adapters/channels/types";
import { badRequest } from "../../lib/errors";
import { mlLabelNotReady, mlLabelRefused } from "./mercado-livre/messages";
import {
  ATTACHMENT_NOT_SUPPORTED,
  attachmentExtensionRefused,
  attachmentSizeRefused,
  CHANNEL_CLAIM_NOT_FOUND,
  CHANNEL_CREDENTIALS_EXPIRED,
  CHANNEL_CREDENTIALS_REFUSED,
  CHANNEL_INVALID_ANSWER,
  CHANNEL_NOT_AUTHENTICATED,
  CHANNEL_ORDER_NOT_FOUND,
  CHANNEL_TIMEOUT,
  channelCallFailed,
  channelOperationUnsupported,
} from "./messages";

/** The 400 text of each way a channel call can fail. */
export function channelFailureMessage(error: ChannelError): string {
  const { detail } = error;
  switch (error.failure) {
    case "not_authenticated":
      return CHANNEL_NOT_AUTHENTICATED;
    case "expired":
      return CHANNEL_CREDENTIALS_EXPIRED;
    case "refused_credentials":
      return CHANNEL_CREDENTIALS_REFUSED;
    case "invalid_answer":
      return CHANNEL_INVALID_ANSWER;
    case "timeout":
      return CHANNEL_TIMEOUT;
    case "no_attachments":
      return ATTACHMENT_NOT_SUPPORTED;
    case "refused_extension":
      return attachmentExtensionRefused(
        String(detail.extension || "(sem extensão)"),
        String(detail.accepted),
      );
    case "refused_size":
      return attachmentSizeRefused(Number(detail.size), Number(detail.max));
    case "order_not_found":
      return CHANNEL_ORDER_NOT_FOUND;
    case "claim_not_found":
      return CHANNEL_CLAIM_NOT_FOUND;
    case "unsupported":
      return channelOperationUnsupported(String(detail.operation));
    case "label_not_ready":
      return mlLabelNotReady(String(detail.shipments));
    case "label_refused":
      return mlLabelRefused(String(detail.shipments), String(detail.reason));
    case "outbound":
      return channelCallFailed(String(detail.reason));
  }
}

/** Runs a channel call; a channel's failure (refusal, garbage, timeout) becomes a 400 with its message, never a 5xx. */
export async function callChannel<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ChannelError) throw badRequest(channelFailureMessage(error));
    if (error instanceof DOMException && error.name === "TimeoutError") throw badRequest(CHANNEL_TIMEOUT);
    throw error;
  }
}
