import { beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "../support/answers";
import { client, expectDeclaredAnswer, signIn } from "../support/api";
import { seedAccounts } from "../support/seed";

/** The check every HTTP test runs on its 200 answers (test/support/api.ts) catches drift. */

let api: ReturnType<typeof client>;

beforeAll(async () => {
  await seedAccounts();
  api = client("demo", await signIn("demo", "admin@demo.local"));
});

const JSON_TYPE = "application/json; charset=UTF-8";

describe("answers checked against their declared schema", () => {
  it("a receivable without consumer answers IDConsumer null, as declared", async () => {
    // the counterpart field's name depends on the title's kind, so the route's static type leaves it out
    type WithConsumer = { IDConsumer: number | null };
    const created = await api.post<Answer<"$post", "/accounts/receivable"> & WithConsumer>(
      "/accounts/receivable",
      {
        Description: "Sem cliente",
        Value: 10,
        DueDate: "2026-08-10",
      },
    );
    expect(created.status).toBe(200);
    expect(created.body.IDConsumer).toBeNull();
    const list = await api.get<WithConsumer[]>("/accounts/receivable");
    expect(list.status).toBe(200);
    expect(list.body.some((title) => title.IDConsumer === null)).toBe(true);
  });

  it("an answer with a field of another type fails, naming the field", async () => {
    const list = await api.get("/accounts/receivable");
    const drifted = list.body.map((title: Record<string, unknown>) => ({ ...title, IDConsumer: "1" }));
    await expect(
      expectDeclaredAnswer("GET", "http://demo.localhost/1.0/accounts/receivable", JSON_TYPE, drifted),
    ).rejects.toThrow(/GET \/accounts\/receivable: the 200 answer does not match[\s\S]*#\/0\/IDConsumer/);
  });

  it("an answer missing a required field fails", async () => {
    const { body } = await api.get("/company");
    const { IDCompany: _dropped, ...rest } = Array.isArray(body) ? body[0] : body;
    const answer = Array.isArray(body) ? [rest] : rest;
    await expect(
      expectDeclaredAnswer("GET", "http://demo.localhost/company", JSON_TYPE, answer),
    ).rejects.toThrow(/IDCompany/);
  });

  it("path parameters select the operation: /job/{idjob} is not /job", async () => {
    await expect(
      expectDeclaredAnswer("GET", "http://demo.localhost/1.0/job/12?x=1", JSON_TYPE, [{ IDJob: 1 }]),
    ).rejects.toThrow(/GET \/job\/\{idjob\}: the 200 answer does not match/);
  });

  it("a 200 JSON answer of an operation the document lacks fails", async () => {
    await expect(
      expectDeclaredAnswer("GET", "http://demo.localhost/1.0/nowhere", JSON_TYPE, {}),
    ).rejects.toThrow("GET /nowhere answered 200 with JSON but /openapi.json has no such operation");
  });

  it("non-JSON answers and the document itself are not checked", async () => {
    await expect(
      expectDeclaredAnswer("GET", "http://demo.localhost/nowhere", "text/html", "<html>"),
    ).resolves.toBeUndefined();
    await expect(
      expectDeclaredAnswer("GET", "http://demo.localhost/openapi.json", JSON_TYPE, {}),
    ).resolves.toBeUndefined();
  });
});
