import type { PaymentRow, TitleRow } from "../../db/titles";
import { statusName } from "../../domain/titles/rules";
import type { TitleDetail } from "../../domain/titles/titles";
import { fromCents } from "../../lib/money";
import type { TitleRouteKind } from "./kinds";

export function titleBody(kind: TitleRouteKind, title: TitleRow) {
  return {
    IDAccountPayableReceivable: title.id,
    IDTypeAccount: title.typeAccount,
    Description: title.description,
    Document: title.document,
    Value: fromCents(title.value),
    OpenValue: fromCents(title.openValue),
    PaidValue: fromCents(title.value - title.openValue),
    DueDate: title.dueDate,
    [kind.partyField]: kind.domain.party === "supplier" ? title.supplierId : title.consumerId,
    IDTypeDocument: title.documentTypeId,
    IDTypePayment: title.paymentTypeId,
    IDTypeAccountPayableReceivable: title.accountTypeId,
    IDTypeCostCenter: title.costCenterId,
    IDBankAccount: title.bankAccountId,
    Status: title.status,
    StatusName: statusName(kind.domain, title.status),
  };
}

export function paymentBody(payment: PaymentRow) {
  return {
    IDAccountPayment: payment.id,
    IDBankStatement: payment.id,
    IDBankAccount: payment.bankAccountId,
    IDTypeAccount: payment.typeAccount,
    Value: fromCents(payment.value),
    Date: payment.date,
    Description: payment.description,
    Document: payment.document,
    IDBankStatementConciliation: payment.bankLineId,
    IDAccountsPayableReceivableConciliation: payment.acquirerLineId,
  };
}

export function detailBody(kind: TitleRouteKind, detail: TitleDetail) {
  return { ...titleBody(kind, detail.title), Payments: detail.payments.map(paymentBody) };
}
