import { z } from "@hono/zod-openapi";
import { dateString, idBody, idPath, moneyBody, textBody } from "../../http/schemas";

export const AcquirerLineBodySchema = z
  .object({
    Acquirer: textBody("Acquirer", 100).min(1, "Acquirer é obrigatório").openapi({ example: "Cielo" }),
    Date: dateString("Date"),
    GrossValue: moneyBody("GrossValue", { positive: true }),
    NetValue: moneyBody("NetValue", { positive: true }).openapi({
      description: "Valor líquido depositado, até GrossValue; é o valor conciliado",
    }),
    IDBankAccount: idBody("IDBankAccount")
      .nullable()
      .optional()
      .openapi({ description: "Conta do depósito; quando informada, a conciliação deve usar essa conta" }),
  })
  .openapi("AcquirerLineRequest");

export const acquirerLineParams = z.object({
  idaccountspayablereceivableconciliation: idPath("idaccountspayablereceivableconciliation"),
});
