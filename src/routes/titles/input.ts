import type { TitleChanges } from "../../domain/titles/titles";
import type { TitleRouteKind } from "./kinds";

export type TitleJson = {
  Description?: string;
  Document?: string | null;
  Value?: number;
  DueDate?: string;
  IDTypeDocument?: number | null;
  IDTypePayment?: number | null;
  IDTypeAccountPayableReceivable?: number | null;
  IDTypeCostCenter?: number | null;
  IDBankAccount?: number | null;
};

/** The domain fields of a create/update body (Value already in cents); undefined = not sent. */
export function titleInput(kind: TitleRouteKind, body: TitleJson): TitleChanges {
  return {
    description: body.Description,
    document: body.Document,
    value: body.Value,
    dueDate: body.DueDate,
    partyId: (body as Record<string, number | null | undefined>)[kind.partyField],
    documentTypeId: body.IDTypeDocument,
    paymentTypeId: body.IDTypePayment,
    accountTypeId: body.IDTypeAccountPayableReceivable,
    costCenterId: body.IDTypeCostCenter,
    bankAccountId: body.IDBankAccount,
  };
}
