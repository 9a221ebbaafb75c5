import { z } from "@hono/zod-openapi";
import { idPath } from "../../http/schemas";

const titleId = (name: string, noun: string) => idPath(name).openapi({ description: `Id da ${noun}` });

const paymentId = idPath("idaccountpayment").openapi({
  description: "IDAccountPayment do pagamento (o IDBankStatement do seu lançamento)",
});

/** `{idaccountpayable}`: one payable title. */
export const payableParams = z.object({ idaccountpayable: titleId("idaccountpayable", "conta a pagar") });

/** `{idaccountreceivable}`: one receivable title. */
export const receivableParams = z.object({
  idaccountreceivable: titleId("idaccountreceivable", "conta a receber"),
});

export const payablePaymentParams = payableParams.extend({ idaccountpayment: paymentId });
export const receivablePaymentParams = receivableParams.extend({ idaccountpayment: paymentId });
