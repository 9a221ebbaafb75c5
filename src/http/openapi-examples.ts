/**
 * Request examples of the main operations, written as one story on a fresh local account
 * (`npm start`, account `demo`), all on one day: sign in, two bank accounts (ids 1 and 2), a supplier
 * and a consumer (id 1 each), the rent payable (title 1) and a sale receivable (title 2), a transfer
 * 1 → 2, rules, both titles paid, the bank's lines of that day typed in and reconciled (the rent line
 * with the rent's payment, the TED line with the transfer's leg), the opening balance, an OFX upload.
 * test/node/docs-examples.test.ts plays them in that order on a fresh account. Operations not listed
 * here get examples built from their fields' examples.
 */
type Example = { summary: string; value: unknown };

const TODAY = "2026-05-29";

export const REQUEST_EXAMPLES: Record<string, Record<string, Example>> = {
  signInLocal: {
    demo: {
      summary: "Administrador da conta demo",
      value: { Email: "admin@demo.local", Password: "demo123" },
    },
  },
  createBankAccount: {
    checking: {
      summary: "Conta corrente com agência e número",
      value: {
        Bank: "Banco do Brasil",
        BankNumber: "001",
        Agency: "1234-5",
        AccountNumber: "98765-4",
        IDCompanyInvoice: 1,
        MainIncome: 1,
      },
    },
    cash: { summary: "Caixa interno (banco 000)", value: { Bank: "Caixa da loja", BankNumber: "000" } },
  },
  updateBankAccount: {
    registry: {
      summary: "Alterar o cadastro (envie todos os campos que devem ficar)",
      value: {
        Bank: "Banco do Brasil",
        BankNumber: "001",
        Agency: "1234-5",
        AccountNumber: "98765-4",
        IDCompanyInvoice: 1,
        MainIncome: 1,
        MainPayment: 1,
      },
    },
    openingBalance: {
      summary: "Ajustar o saldo inicial",
      value: { InitialBalance: 10000, InitialBalanceDate: "2026-01-01" },
    },
  },
  createSupplier: {
    supplier: { summary: "Fornecedor", value: { Name: "Imobiliária Centro", Document: "11222333000181" } },
  },
  createConsumer: {
    consumer: {
      summary: "Cliente (pessoa física: indIEDest 9), com o endereço do destinatário da NF-e",
      value: {
        Name: "Maria Silva",
        Document: "52998224725",
        Street: "Rua Augusta",
        Number: "1500",
        District: "Consolação",
        CityCode: "3550308",
        City: "São Paulo",
        UF: "SP",
        ZipCode: "01304-001",
      },
    },
  },
  createAccountPayable: {
    rent: {
      summary: "Aluguel a pagar ao fornecedor 1, previsto na conta 1",
      value: { Description: "Aluguel de maio", Value: 1500, DueDate: TODAY, IDSupplier: 1, IDBankAccount: 1 },
    },
  },
  createAccountReceivable: {
    sale: {
      summary: "Venda a receber do cliente 1, prevista na conta 1",
      value: { Description: "Venda 1001", Value: 250.5, DueDate: TODAY, IDConsumer: 1, IDBankAccount: 1 },
    },
  },
  createAccountPayablePayment: {
    full: {
      summary: "Pagar o título 1 (1500,00) pela conta 1",
      value: { IDBankAccount: 1, Value: 1500, Date: TODAY },
    },
  },
  createAccountReceivablePayment: {
    full: {
      summary: "Receber o título 2 (250,50) na conta 1",
      value: { IDBankAccount: 1, Value: 250.5, Date: TODAY },
    },
  },
  createBankTransfer: {
    transfer: {
      summary: "Da conta 1 para a conta 2",
      value: { IDBankFrom: 1, IDBankTo: 2, Value: 300, Description: "Reforço de caixa", Date: TODAY },
    },
  },
  createConciliationRule: {
    payable: {
      summary: "Tipo 1: débitos com ALUGUEL baixam o título do fornecedor 1",
      value: { IDBankAccount: 1, IDTypeRule: 1, IDTypeAccount: 1, Description: "ALUGUEL", IDSupplier: 1 },
    },
    transfer: {
      summary: "Tipo 2: débitos com TED MESMA TITULARIDADE são transferências para a conta 2",
      value: {
        IDBankAccount: 1,
        IDTypeRule: 2,
        IDTypeAccount: 1,
        Description: "TED MESMA TITULARIDADE",
        IDBankAccountTo: 2,
      },
    },
  },
  createJob: {
    requestUploadUrl: {
      summary: "Passo 1: pedir a URL de upload de um extrato OFX da conta 1",
      value: {
        Action: "RequestUploadUrl",
        Type: "BankStatementOFX",
        IDBankAccount: 1,
        FileName: "extrato-maio.ofx",
        ContentType: "application/x-ofx",
        SizeBytes: 2048,
      },
    },
    confirmUpload: {
      summary: "Passo 3: confirmar o envio (Key devolvida no passo 1)",
      value: { Action: "ConfirmUpload", Key: "demo/1/job/0b6c1f1e-7a7a-4a53-9a43-3d1c9e0d2f11" },
    },
  },
  createManualBankLine: {
    debit: {
      summary: "Linha 1: o débito do aluguel no extrato da conta 1",
      value: { IDBankAccount: 1, Date: TODAY, Value: -1500, Description: "ALUGUEL MAIO", Document: "778899" },
    },
    transfer: {
      summary: "Linha 2: a TED para a conta 2 no extrato da conta 1",
      value: { IDBankAccount: 1, Date: TODAY, Value: -300, Description: "TED MESMA TITULARIDADE" },
    },
  },
  reconcileBankStatement: {
    titles: {
      summary: "Conciliar a linha 1 com o título 1 (reaproveita o lançamento do pagamento do mesmo dia)",
      value: {
        IDBankStatementConciliation: 1,
        IDBankAccount: 1,
        Accounts: [{ IDAccountPayableReceivable: 1 }],
      },
    },
    transfers: {
      summary: "Conciliar a linha 2 com a perna de saída da transferência (lançamento 1)",
      value: { IDBankStatementConciliation: 2, IDBankAccount: 1, Transfers: [{ IDBankStatement: 1 }] },
    },
  },
};

type Operation = { operationId?: string; requestBody?: { content?: Record<string, { examples?: unknown }> } };

/** Puts the story's examples on the JSON request bodies of their operations. */
export function addRequestExamples(doc: { paths?: Record<string, unknown> }): void {
  for (const methods of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(methods as Record<string, Operation>)) {
      const examples = operation.operationId ? REQUEST_EXAMPLES[operation.operationId] : undefined;
      const json = operation.requestBody?.content?.["application/json"];
      if (examples && json) json.examples = examples;
    }
  }
}
