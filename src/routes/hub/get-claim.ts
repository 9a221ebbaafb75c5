import { createRoute, z } from "@hono/zod-openapi";
import { getClaim } from "../../domain/hub/claims";
import { HUB_CLAIM_NOT_FOUND } from "../../domain/hub/messages";
import type { AppRouteHandler } from "../../http/router";
import { idPath, jsonOk } from "../../http/schemas";
import { hubDeps } from "./request";
import { claimBody, HubClaimSchema } from "./schemas/claims";
import { HUB_TAG } from "./schemas/common";

export const getHubClaimRoute = createRoute({
  method: "get",
  path: "/hub/order/claim/{idhuborderclaim}",
  operationId: "getHubClaim",
  tags: [HUB_TAG],
  summary: "Reclamação de um pedido do hub, consultada no canal",
  description: `Os dados guardados, atualizados pelo canal. \`ClaimAffectsReputation\` vem da consulta ao canal: null quando ela falhou (\`ClaimLookupFailure\` diz por quê). 400 \`${HUB_CLAIM_NOT_FOUND}\`.`,
  request: { params: z.object({ idhuborderclaim: idPath("idhuborderclaim") }) },
  responses: jsonOk(HubClaimSchema, "A reclamação"),
});

export const getHubClaim: AppRouteHandler<typeof getHubClaimRoute> = async (c) =>
  c.json(claimBody(await getClaim(hubDeps(c), c.req.valid("param").idhuborderclaim)), 200);
