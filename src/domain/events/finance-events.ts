import { PREVIOUS_STATEMENT_CHANGED } from "../../db/events/outbox";
import { transferIdByUid } from "../../db/ledger";
import type { Statement } from "../../db/sql";
import { titleFactsInBatch, titlePaidInBatch } from "../../db/title-settlement";
import type { Db } from "../../env";
import { type Cents, fromCents } from "../../lib/money";
import { eventStatement } from "./outbox";

/** `title.paid` when, at this point of the batch, the title's open value is zero. */
export function titlePaidStatement(db: Db, companyId: number, titleId: number): Statement {
  return eventStatement(
    db,
    companyId,
    { type: "title.paid", payload: { IDAccountPayableReceivable: titleId, IDTypeAccount: 0, Value: 0 } },
    { batchValues: titleFactsInBatch(titleId), onlyIf: titlePaidInBatch(titleId) },
  );
}

export type TransferFacts = {
  fromId: number;
  toId: number;
  value: Cents;
  description: string;
};

/** `transfer.created`, its id read from the transfer reference inserted earlier in the batch. */
export function transferCreatedStatement(
  db: Db,
  companyId: number,
  transferUid: string,
  t: TransferFacts,
): Statement {
  return eventStatement(
    db,
    companyId,
    {
      type: "transfer.created",
      payload: {
        IDTransfer: 0,
        IDBankFrom: t.fromId,
        IDBankTo: t.toId,
        Value: fromCents(t.value),
        Description: t.description,
      },
    },
    { batchValues: { IDTransfer: transferIdByUid(transferUid) } },
  );
}

/** `transfer.deleted`, written only when the statement before it deleted the reference. */
export function transferDeletedStatement(
  db: Db,
  companyId: number,
  transferId: number,
  t: Omit<TransferFacts, "description">,
): Statement {
  return eventStatement(
    db,
    companyId,
    {
      type: "transfer.deleted",
      payload: { IDTransfer: transferId, IDBankFrom: t.fromId, IDBankTo: t.toId, Value: fromCents(t.value) },
    },
    { onlyIf: PREVIOUS_STATEMENT_CHANGED },
  );
}

export type ReconciledLine = {
  kind: "bank" | "acquirer";
  id: number;
  bankAccountId: number;
  /** Cents reconciled by this request. */
  total: Cents;
  /** Titles linked by this request (posted or reused entries). */
  titleIds: number[];
  /** Titles this request settled (posted payments): each may become paid. */
  settledTitleIds: number[];
};

/** `bank_line.reconciled` (bank lines) and `title.paid` for each settled title that reached zero. */
export function reconciledStatements(db: Db, companyId: number, line: ReconciledLine): Statement[] {
  const statements = [...new Set(line.settledTitleIds)].map((id) => titlePaidStatement(db, companyId, id));
  if (line.kind !== "bank") return statements;
  return [
    eventStatement(db, companyId, {
      type: "bank_line.reconciled",
      payload: {
        IDBankStatementConciliation: line.id,
        IDBankAccount: line.bankAccountId,
        Value: fromCents(line.total),
        IDAccountPayableReceivable: [...new Set(line.titleIds)],
      },
    }),
    ...statements,
  ];
}

/** `bank_line.unreconciled` for a bank line whose reconciliation was undone. */
export function unreconciledStatements(
  db: Db,
  companyId: number,
  line: { kind: "bank" | "acquirer"; id: number; bankAccountId: number | null; reconciledValue: Cents },
): Statement[] {
  if (line.kind !== "bank" || line.bankAccountId === null) return [];
  return [
    eventStatement(db, companyId, {
      type: "bank_line.unreconciled",
      payload: {
        IDBankStatementConciliation: line.id,
        IDBankAccount: line.bankAccountId,
        PreviousReconciledValue: fromCents(line.reconciledValue),
      },
    }),
  ];
}
