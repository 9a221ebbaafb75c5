import { createRoute, z } from "@hono/zod-openapi";
import { correctionLength } from "../../domain/emission/event-messages";
import { CORRECTION_MAX, CORRECTION_MIN, MAX_CORRECTION_SEQUENCE } from "../../domain/emission/event-rules";
import { correctNote } from "../../domain/emission/issuer-events";
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

const CorrectionSchema = z
  .object({
    Correction: requiredNfeText("Correction", CORRECTION_MIN, CORRECTION_MAX, correctionLength),
  })
  .openapi("NfeCorrectionInput", {
    example: { Correction: "Endereço de entrega: Rua das Flores, 100, fundos" },
  });

export const correctNFeRoute = createRoute({
  method: "post",
  path: "/nfe/{idnfe}/correction",
  operationId: "correctNFe",
  tags: [NFE_EVENTS_TAG],
  summary: "Carta de correção (CC-e, evento 110110)",
  description: `Envia à SEFAZ (NFeRecepcaoEvento4 do autorizador da UF do faturador) uma carta de correção da NF-e autorizada, na próxima sequência (nSeqEvento 1 a ${MAX_CORRECTION_SEQUENCE}); a última CC-e registrada substitui as anteriores (\`Correction\` da resposta). Recusada com 400: NF-e cancelada, NF-e não autorizada, ${MAX_CORRECTION_SEQUENCE} CC-e já registradas, cancelamento em andamento. Registrada (135/136), o procEventoNFe vai para o R2, o evento fica \`Registered\` e o webhook \`nfe.corrected\` é gravado no mesmo lote. Rejeitada: 400 \`SEFAZ rejeitou a carta de correção: <cStat> - <xMotivo>\` (a sequência fica livre para a próxima). Sem resposta: 400 com o motivo, o evento \`Pending\`; o próximo pedido reenvia primeiro essa CC-e (com o texto dela; 573 vale como registrada) e depois envia a nova, se o texto for outro.`,
  request: { params: NfeParams, body: jsonBody(CorrectionSchema) },
  responses: jsonOk(NoteEventsSchema, "A NF-e com seus eventos e a correção que vale"),
});

export const correctNFe: AppRouteHandler<typeof correctNFeRoute> = async (c) => {
  const result = await correctNote(
    eventDeps(c),
    c.get("caller"),
    c.req.valid("param").idnfe,
    c.req.valid("json").Correction,
  );
  return c.json(noteEventsBody(result), 200);
};
