import { createRoute, z } from "@hono/zod-openapi";
import { sendOrderAttachment } from "../../domain/hub/attachments";
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

export const sendHubOrderFileRoute = createRoute({
  method: "post",
  path: "/hub/order/{idintegration}/action/file",
  operationId: "sendHubOrderFile",
  tags: [HUB_TAG],
  summary: "Envia um anexo ao canal no pedido do hub (multipart, campo `file`)",
  description: `\`{idintegration}\` é o IDIntegration (pedido do hub). ${ATTACHMENT_FAILURES}`,
  middleware: [requireMultipart] as const,
  request: { params: z.object({ idintegration: idPath("idintegration") }), body: attachmentRequestBody },
  responses: jsonOk(HubAttachmentSchema, "O anexo aceito pelo canal"),
});

export const sendHubOrderFile: AppRouteHandler<typeof sendHubOrderFileRoute> = async (c) => {
  const row = await sendOrderAttachment(
    { ...hubDeps(c), bucket: c.env.UPLOADS, account: c.get("account") },
    c.req.valid("param").idintegration,
    c.req.valid("form").file,
  );
  return c.json(attachmentBody(row), 200);
};
