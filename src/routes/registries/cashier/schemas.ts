import { z } from "@hono/zod-openapi";
import type { Cashier } from "../../../domain/registries/cashiers";
import { idField, idPath } from "../../../http/schemas";
import { type Cents, fromCents } from "../../../lib/money";

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

/** The fields every receipt at a cashier answers (TEF or cash) besides its own id, means and value. */
export const receiptFields = {
  IDCashier: idField("Caixa aberto que recebeu"),
  IDBankAccount: idField("Conta bancária do caixa"),
  IDAccountReceivable: idField("Conta a receber paga"),
  IDBankStatement: idField("Lançamento do recebimento no extrato interno (IDAccountPayment do título)"),
  Date: z
    .string()
    .openapi({ description: "Data do recebimento (hoje, no fuso da empresa)", example: "2026-05-29" }),
  CreatedAt: dateTime("Momento do registro"),
  OpenValue: z.number().openapi({ description: "Valor em aberto da conta a receber depois do recebimento" }),
};

export const receiptBody = (receipt: {
  cashierId: number;
  bankAccountId: number;
  titleId: number;
  entryId: number;
  date: string;
  createdAtLocal: string;
  titleOpenValue: Cents;
}) => ({
  IDCashier: receipt.cashierId,
  IDBankAccount: receipt.bankAccountId,
  IDAccountReceivable: receipt.titleId,
  IDBankStatement: receipt.entryId,
  Date: receipt.date,
  CreatedAt: receipt.createdAtLocal,
  OpenValue: fromCents(receipt.titleOpenValue),
});
