import { z } from "zod";
import type { JobDefinition } from "../jobs/types";
import { pollReceivedPix } from "./poll";

/** `PixReceivedPoll`: the Pix an integration received since its cursor (poll.ts). */
export const pixReceivedPollJob: JobDefinition = {
  description:
    "Pix recebidos de uma integração Pix (GET /v2/pix do PSP), pelo agendamento ou por POST /company/integration/{idcompanyintegration}/pix/poll",
  params: z.object({ IDCompanyIntegration: z.number().int().positive() }),
  handler: pollReceivedPix,
};
