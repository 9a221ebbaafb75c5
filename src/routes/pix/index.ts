import { createRouter } from "../../http/router";
import { pollReceivedPix, pollReceivedPixRoute } from "./poll";
import {
  receivePixWebhook,
  receivePixWebhookRoute,
  receivePixWebhookWithHeader,
  receivePixWebhookWithHeaderRoute,
} from "./webhook";

/** Authenticated Pix operations: the poll of an integration's received Pix. */
export const pixRouter = createRouter().openapi(pollReceivedPixRoute, pollReceivedPix);

/**
 * Mounted before authentication: the webhook secret, in the path or in an `Authorization` header,
 * is the PSP's credential.
 */
export const pixWebhookRouter = createRouter()
  .openapi(receivePixWebhookRoute, receivePixWebhook)
  .openapi(receivePixWebhookWithHeaderRoute, receivePixWebhookWithHeader);
