import { createRoute, z } from "@hono/zod-openapi";
import { justificationLength } from "../../domain/emission/event-messages";
import { JUSTIFICATION_MAX, JUSTIFICATION_MIN } from "../../domain/emission/event-rules";
import { cancelNote } from "../../domain/emission/issuer-events";
import type { AppRouteHandler } from "../../http/router";
import { jsonBody, jsonOk } from "../../http/schemas";
import { eventDeps } from "./events-deps";
import {
  NFE_EVENTS_TAG,
  NfeParams,
  NoteEventsSchema,
  noteEventsBody,
  requiredNfeText,
} from "./events-schemas";

const CancelSchema = z
  .object({
    Justification: requiredNfeText(
      "Justification",
      JUSTIFICATION_MIN,
      JUSTIFICATION_MAX,
      justificationLength,
    ),
  })
  .openapi("NfeCancelInput", { example: { Justification: "Pedido cancelado pelo cliente antes do envio" } });

export const cancelNFeRoute = createRoute({
  method: "post",
  path: "/nfe/{idnfe}/cancel",
  operationId: "cancelNFe",
  tags: [NFE_EVENTS_TAG],
  summary: "Cancela a NF-e (evento 110111)",
  description:
    "Envia à SEFAZ (NFeRecepcaoEvento4 do autorizador da UF do faturador) o cancelamento da NF-e autorizada, com o protocolo da autorização e a justificativa (xJust), assinado com o certificado do faturador. Antes de enviar, recusa com 400: NF-e que não está `Authorized` (já cancelada: `NF-e <id> já está cancelada`), fora do prazo (24 horas da autorização), pedido que não pode ir para 10 (Cancelado). Registrado (cStat 135/136, ou 155 homologado fora de prazo), o procEventoNFe vai para o R2 e, num único lote, a NF-e fica `Cancelled`, o evento `Registered` com o protocolo, o pedido vai para 10 com o estoque devolvido (como cancelar um pedido faturado) e o webhook `nfe.cancelled` é gravado. Rejeitado (ex.: 501 prazo superior ao previsto): 400 `SEFAZ rejeitou o cancelamento: <cStat> - <xMotivo>` (guardados no evento, nada mais muda). Sem resposta da SEFAZ (tempo esgotado, 5xx, falha SOAP, resposta ilegível): 400 com o motivo, a NF-e e o pedido como estavam, o evento `Pending`; um novo pedido reenvia o mesmo evento, e a resposta 573 (duplicidade) vale como registrado.",
  request: { params: NfeParams, body: jsonBody(CancelSchema) },
  responses: jsonOk(NoteEventsSchema, "A NF-e cancelada com seus eventos"),
});

export const cancelNFe: AppRouteHandler<typeof cancelNFeRoute> = async (c) => {
  const result = await cancelNote(
    eventDeps(c),
    c.get("caller"),
    c.req.valid("param").idnfe,
    c.req.valid("json").Justification,
  );
  return c.json(noteEventsBody(result), 200);
};
