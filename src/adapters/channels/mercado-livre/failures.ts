/**
 * How a Mercado Livre call that produced no answer fails: the outbound helper's faults
 * (src/platform/outbound.ts) as the channel's failures. The time limit is `timeout` (as before);
 * a redirect, a refused address, a network fault or an answer over its bound is `outbound`, whose
 * `detail.reason` is the helper's readable reason (it names Mercado Livre, never a URL's query,
 * a header or a body).
 */
import { OutboundFailure } from "../../../platform/outbound";
import { ChannelError } from "../types";

/** The party the outbound helper names in its reasons. */
export const ML_PARTY = "Mercado Livre";

/** The channel's failure of a call that produced no answer; any other error as it is. */
export function mlCallFailure(error: unknown): unknown {
  if (!(error instanceof OutboundFailure)) return error;
  if (error.kind === "timeout") return new ChannelError("timeout");
  return new ChannelError("outbound", { reason: error.message });
}
