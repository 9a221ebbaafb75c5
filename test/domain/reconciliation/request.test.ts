import { describe, expect, it } from "vitest";
import {
  parseReconciliationRequest,
  type ReconciliationBody,
} from "../../../src/domain/reconciliation/request";
import { ApiError } from "../../../src/lib/errors";

const messageOf = (body: ReconciliationBody) => {
  try {
    parseReconciliationRequest(body);
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
};

describe("parseReconciliationRequest", () => {
  const table: [string, ReconciliationBody, string | null][] = [
    [
      "no line",
      { IDBankAccount: 1, Accounts: [{ IDAccountPayableReceivable: 1 }] },
      "Lançamento de conciliação não selecionado",
    ],
    [
      "two lines",
      { IDBankStatementConciliation: 1, IDAccountsPayableReceivableConciliation: 2 },
      "Informe apenas uma conciliação: bancária ou de adquirente",
    ],
    ["no account", { IDBankStatementConciliation: 1 }, "Conta bancária não selecionada"],
    [
      "no list",
      { IDBankStatementConciliation: 1, IDBankAccount: 1 },
      "Contas a receber/pagar é obrigatório e deve ser um array com pelo menos um item",
    ],
    [
      "null accounts and empty transfers",
      { IDBankStatementConciliation: 1, IDBankAccount: 1, Accounts: null, Transfers: [] },
      "Transferência é obrigatória e deve ser um array com pelo menos um item",
    ],
    [
      "both lists",
      { IDBankStatementConciliation: 1, IDBankAccount: 1, Accounts: [], Transfers: [] },
      "Informe apenas uma lista: Accounts ou Transfers",
    ],
    [
      "bad account item",
      { IDBankStatementConciliation: 1, IDBankAccount: 1, Accounts: [{ IDAccountPayableReceivable: -1 }] },
      "Accounts[0]. Conta a pagar/receber não informada ou inválida",
    ],
    [
      "id above int32",
      { IDBankStatementConciliation: 1, IDBankAccount: 1, Transfers: [{ IDBankStatement: 2_147_483_648 }] },
      "Transfers[0]. Transferência não informada ou inválida",
    ],
    [
      "negative Value",
      {
        IDBankStatementConciliation: 1,
        IDBankAccount: 1,
        Accounts: [{ IDAccountPayableReceivable: 1, Value: -1 }],
      },
      "Accounts[0].Value deve ser um número maior que zero com no máximo 2 casas decimais",
    ],
    [
      "valid accounts",
      {
        IDAccountsPayableReceivableConciliation: 3,
        IDBankAccount: 1,
        Accounts: [{ IDAccountPayableReceivable: 1, Value: 10.5 }],
      },
      null,
    ],
  ];
  for (const [name, body, message] of table) {
    it(name, () => expect(messageOf(body)).toBe(message));
  }

  it("turns values into cents and keeps the target", () => {
    expect(
      parseReconciliationRequest({
        IDAccountsPayableReceivableConciliation: 3,
        IDBankAccount: 1,
        Accounts: [{ IDAccountPayableReceivable: 1, Value: 10.5 }, { IDAccountPayableReceivable: 2 }],
      }),
    ).toEqual({
      target: { kind: "acquirer", id: 3 },
      bankAccountId: 1,
      items: {
        kind: "accounts",
        titles: [
          { titleId: 1, value: 1_050 },
          { titleId: 2, value: null },
        ],
      },
    });
  });
});
