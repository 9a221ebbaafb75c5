import { z } from "@hono/zod-openapi";
import type { Cashier } from "../../../domain/registries/cashiers";
import { idField, idPath } from "../../../http/schemas";

export const dateTime = (description: string) =>
  z.string().openapi({ description: `${description}, no fuso da empresa`, example: "2026-05-29 08:00:00" });

export const CashierSchema = z
  .object({
    IDCashier: idField("Id da abertura de caixa"),
    IDBankAccount: idField("Conta bancária do caixa"),
    OpenedAt: dateTime("Abertura"),
    ClosedAt: dateTime("Fechamento; nulo enquanto aberto").nullable(),
  })
  .openapi("Cashier");

export const CashierListSchema = z.array(CashierSchema).openapi("CashierList");
export const cashierParams = z.object({ idbankaccount: idPath("idbankaccount") });

export const cashierBody = (cashier: Cashier) => ({
  IDCashier: cashier.id,
  IDBankAccount: cashier.bankAccountId,
  OpenedAt: cashier.openedAt,
  ClosedAt: cashier.closedAt,
});
