import { createRoute, z } from "@hono/zod-openapi";
import { sendClaimAttachment } from "../../domain/hub/attachments";
import { HUB_CLAIM_NOT_FOUND } from "../../domain/hub/messages";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonOk } from "../../http/schemas";
import { hubDeps, requireMultipart } from "./request";
import {
  ATTACHMENT_FAILURES,
  attachmentBody,
  attachmentRequestBody,
  HubAttachmentSchema,
} from "./schemas/claims";
import { HUB_TAG } from "./schemas/common";

export const sendHubClaimFileRoute = createRoute({
  method: "post",
  path: "/hub/order/claim/{idhuborderclaim}/action/file",
  operationId: "sendHubClaimFile",
  tags: [HUB_TAG],
  summary: "Envia um anexo ao canal na reclamação (multipart, campo `file`)",
  description: `400 \`${HUB_CLAIM_NOT_FOUND}\` para uma reclamação que não existe. ${ATTACHMENT_FAILURES}`,
  middleware: [requireMultipart] as const,
  request: { params: z.object({ idhuborderclaim: idPath("idhuborderclaim") }), body: attachmentRequestBody },
  responses: jsonOk(HubAttachmentSchema, "O anexo aceito pelo canal"),
});

export const sendHubClaimFile: AppRouteHandler<typeof sendHubClaimFileRoute> = async (c) => {
  const row = await sendClaimAttachment(
    { ...hubDeps(c), bucket: c.env.UPLOADS, account: c.get("account") },
    c.req.valid("param").idhuborderclaim,
    c.req.valid("form").file,
  );
  return c.json(attachmentBody(row), 200);
};
