/// <reference types="node" />
import { request } from "node:http";
import { describe, expect, inject, it } from "vitest";
import { REQUEST_EXAMPLES } from "../../src/http/openapi-examples";
import { expectDeclaredAnswer } from "./support/declared-answers";
import { openApiDocument, operationsOf } from "./support/openapi-walk";

type Answer = { status: number; body: any };

/**
 * A call to one account of the local server. Node cannot resolve `acme.localhost` and its fetch
 * ignores a Host header, so this goes through node:http to 127.0.0.1 with the account's Host.
 */
function callAccount(account: string, method: string, path: string, body?: unknown, token?: string) {
  const port = inject("apiPort");
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: `/1.0${path}`,
        headers: {
          Host: `${account}.localhost:${port}`,
          Accept: "application/json",
          ...(payload
            ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) }
            : {}),
          ...(token ? { Authorization: `JWT ${token}` } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => {
          const answer = { status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null };
          if (answer.status !== 200) return resolve(answer);
          // a 200 answer must match the response schema its route declares
          expectDeclaredAnswer(
            method,
            `http://${account}.localhost/1.0${path}`,
            String(res.headers["content-type"]),
            answer.body,
          ).then(() => resolve(answer), reject);
        });
      },
    );
    req.once("error", reject);
    req.end(payload);
  });
}

const operations = new Map(
  operationsOf(openApiDocument()).map(({ method, path, operation }) => [
    operation.operationId,
    { method, path },
  ]),
);

/** The story of the examples, in the order /docs tells it (see src/http/openapi-examples.ts). */
const STORY: { operationId: string; example: string; params?: Record<string, number> }[] = [
  { operationId: "createBankAccount", example: "checking" },
  { operationId: "createBankAccount", example: "cash" },
  { operationId: "createSupplier", example: "supplier" },
  { operationId: "createConsumer", example: "consumer" },
  { operationId: "createAccountPayable", example: "rent" },
  { operationId: "createAccountReceivable", example: "sale" },
  { operationId: "createBankTransfer", example: "transfer" },
  { operationId: "createConciliationRule", example: "payable" },
  { operationId: "createConciliationRule", example: "transfer" },
  { operationId: "createAccountPayablePayment", example: "full", params: { idaccountpayable: 1 } },
  { operationId: "createAccountReceivablePayment", example: "full", params: { idaccountreceivable: 2 } },
  { operationId: "createManualBankLine", example: "debit" },
  { operationId: "createManualBankLine", example: "transfer" },
  { operationId: "reconcileBankStatement", example: "titles" },
  { operationId: "reconcileBankStatement", example: "transfers" },
  { operationId: "updateBankAccount", example: "registry", params: { idbankaccount: 1 } },
  { operationId: "updateBankAccount", example: "openingBalance", params: { idbankaccount: 1 } },
  { operationId: "createJob", example: "requestUploadUrl" },
];
/** Examples that only show a shape: the Key of a real upload slot differs on every request. */
const ILLUSTRATIVE = ["createJob.confirmUpload"];

describe("request examples of /docs", () => {
  it("are all played by the story below, except the illustrative ones", () => {
    const played = new Set(STORY.map((step) => `${step.operationId}.${step.example}`));
    const all = Object.entries(REQUEST_EXAMPLES)
      .filter(([operationId]) => operationId !== "signInLocal")
      .flatMap(([operationId, examples]) => Object.keys(examples).map((name) => `${operationId}.${name}`));
    expect(all.filter((name) => !played.has(name) && !ILLUSTRATIVE.includes(name))).toEqual([]);
  });

  it("sign in on the demo account as shown", async () => {
    const answer = await callAccount(
      "demo",
      "POST",
      "/user/signin/local",
      REQUEST_EXAMPLES.signInLocal!.demo!.value,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.Email).toBe("admin@demo.local");
  });

  it("work as shown, in order, on a fresh account (acme, untouched by the other tests)", async () => {
    const signIn = await callAccount("acme", "POST", "/user/signin/local", {
      Email: "admin@acme.local",
      Password: "demo123",
    });
    expect(signIn.status).toBe(200);
    const answers: Record<string, Answer> = {};
    for (const step of STORY) {
      const operation = operations.get(step.operationId);
      expect(operation, step.operationId).toBeDefined();
      const path = operation!.path.replace(/\{(\w+)\}/g, (_, name) => String(step.params?.[name]));
      const body = REQUEST_EXAMPLES[step.operationId]![step.example]!.value;
      const answer = await callAccount(
        "acme",
        operation!.method.toUpperCase(),
        path,
        body,
        signIn.body.Token,
      );
      const name = `${step.operationId}.${step.example}`;
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      answers[name] = answer;
    }
    // the ids the examples name are the ids the story created
    const accounts = answers["createBankAccount.cash"]!.body.map(
      (a: { IDBankAccount: number }) => a.IDBankAccount,
    );
    expect(accounts).toEqual([1, 2]);
    expect(answers["createBankTransfer.transfer"]!.body.Debit.IDBankStatement).toBe(1);
    expect(answers["reconcileBankStatement.titles"]!.body[0].IDTypeStatusConciliation).toBe(3);
    expect(answers["reconcileBankStatement.transfers"]!.body[0].IDTypeStatusConciliation).toBe(3);
    expect(answers["createJob.requestUploadUrl"]!.body.UploadUrl).toMatch(/^http/);
  });
});
