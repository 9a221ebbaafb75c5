import { z } from "@hono/zod-openapi";
import { ACCESS_KEY_PATTERN } from "../../../domain/nfe/access-key";
import { idPath } from "../../../http/schemas";

export const PURCHASE_TAG = "Purchase";

export const PurchaseParams = z.object({ idpurchase: idPath("idpurchase") });

export const chNfeBody = z
  .string({ error: "chNFe deve ser um texto" })
  .regex(new RegExp(ACCESS_KEY_PATTERN), "chNFe deve ter 44 dígitos")
  .openapi({
    example: "35261112345678000195550010000012341000012345",
    description:
      "Chave de acesso da NF-e (44 caracteres: dígitos, e letras maiúsculas no CNPJ alfanumérico do emitente, posições 7 a 18)",
  });

export const scheduleStatusField = z.number().int().openapi({
  description:
    "Status do agendamento: 1 recebido, 2 agendado, 3 atrasado (vencido no fuso da empresa e não recebido), 4 não agendado",
  example: 2,
});
