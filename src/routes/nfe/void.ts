import { createRoute, z } from "@hono/zod-openapi";
import {
  justificationLength,
  VOID_MODEL,
  VOID_SERIES,
  voidNumber,
} from "../../domain/emission/event-messages";
import {
  JUSTIFICATION_MAX,
  JUSTIFICATION_MIN,
  MAX_NFE_NUMBER,
  MAX_NFE_SERIES,
  VOID_MAX_NUMBERS,
} from "../../domain/emission/event-rules";
import { voidNumbers } from "../../domain/emission/number-voids";
import type { AppRouteHandler } from "../../http/router";
import { idBody, jsonBody, jsonOk } from "../../http/schemas";
import { eventDeps } from "./events-deps";
import { NFE_EVENTS_TAG, NfeVoidSchema, nfeVoidBody, requiredNfeText } from "./events-schemas";

const integer = (name: string, min: number, max: number, message: string, description: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${name} é obrigatório` : message) })
    .int(message)
    .min(min, message)
    .max(max, message)
    .openapi({ type: "integer", minimum: min, maximum: max, description });

const VoidSchema = z
  .object({
    IDCompanyInvoice: idBody("IDCompanyInvoice").openapi({ description: "O faturador (emitente) da série" }),
    Model: z
      .number({ error: (issue) => (issue.input === undefined ? "Model é obrigatório" : VOID_MODEL) })
      .refine((value) => value === 55, VOID_MODEL)
      .openapi({ type: "integer", enum: [55], description: "55 (NF-e)" }),
    Series: integer("Series", 0, MAX_NFE_SERIES, VOID_SERIES, "A série dos números"),
    NumberFrom: integer(
      "NumberFrom",
      1,
      MAX_NFE_NUMBER,
      voidNumber("NumberFrom"),
      "Primeiro número da faixa",
    ),
    NumberTo: integer(
      "NumberTo",
      1,
      MAX_NFE_NUMBER,
      voidNumber("NumberTo"),
      "Último número da faixa (inclusive)",
    ),
    Justification: requiredNfeText(
      "Justification",
      JUSTIFICATION_MIN,
      JUSTIFICATION_MAX,
      justificationLength,
    ),
  })
  .openapi("NfeVoidInput", {
    example: {
      IDCompanyInvoice: 1,
      Model: 55,
      Series: 1,
      NumberFrom: 40,
      NumberTo: 41,
      Justification: "Falha do sistema ao transmitir as notas",
    },
  });

export const voidNFeNumbersRoute = createRoute({
  method: "post",
  path: "/nfe/void",
  operationId: "voidNFeNumbers",
  tags: [NFE_EVENTS_TAG],
  summary: "Inutiliza uma faixa de números (NFeInutilizacao4)",
  description: `Inutiliza na SEFAZ (NFeInutilizacao4 do autorizador da UF do faturador, assinado com o seu certificado) os números NumberFrom a NumberTo da série, no ambiente da empresa (SefazAmbienteNF). Só números nunca usados: 400 quando uma NF-e da série tem um número da faixa (qualquer estado), quando outra inutilização da série encontra a faixa, quando a faixa começa depois do próximo número da série, ou tem mais de ${VOID_MAX_NUMBERS} números (o limite da SEFAZ). Quando a faixa cobre o próximo número da série (NFeNextNumber), ele passa para NumberTo + 1 no mesmo lote que abre a inutilização, e a emissão nunca dá um número inutilizado (uma rejeição o devolve, se nada o tomou). Registrada (102), o procInutNFe vai para o R2 e a inutilização fica \`Registered\` com o protocolo. Rejeitada: 400 \`SEFAZ rejeitou a inutilização: <cStat> - <xMotivo>\`. Sem resposta: 400 com o motivo; reenviar a mesma faixa manda de novo a mesma inutilização (563, a faixa já pedida, vale como registrada).`,
  request: { body: jsonBody(VoidSchema) },
  responses: jsonOk(NfeVoidSchema, "A inutilização registrada"),
});

export const voidNFeNumbers: AppRouteHandler<typeof voidNFeNumbersRoute> = async (c) => {
  const body = c.req.valid("json");
  const row = await voidNumbers(eventDeps(c), c.get("caller"), {
    companyInvoiceId: body.IDCompanyInvoice,
    model: body.Model,
    series: body.Series,
    from: body.NumberFrom,
    to: body.NumberTo,
    justification: body.Justification,
  });
  return c.json(nfeVoidBody(row), 200);
};
