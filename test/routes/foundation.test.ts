import { beforeAll, describe, expect, it } from "vitest";
import { call, client, signIn } from "../support/api";
import { seedAccounts } from "../support/seed";

beforeAll(seedAccounts);

describe("sign-in", () => {
  it("answers a token, the user's companies and nullable ToursSeen/Origin", async () => {
    const response = await call("demo", "POST", "/1.0/user/signin/local", {
      body: { Email: "admin@demo.local", Password: "demo123" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      IDUser: 1,
      Email: "admin@demo.local",
      IDCompany: 1,
      Companies: [
        { IDCompany: 1, Name: "Demo Comércio" },
        { IDCompany: 2, Name: "Demo Filial" },
      ],
      ToursSeen: null,
      Origin: null,
    });
    expect(typeof response.body.Token).toBe("string");
  });

  it("refuses a wrong password with 401", async () => {
    const response = await call("demo", "POST", "/1.0/user/signin/local", {
      body: { Email: "admin@demo.local", Password: "wrong" },
    });
    expect(response).toMatchObject({ status: 401, body: { errorMessage: "Usuário ou senha inválidos" } });
  });

  it("reads the company with the token", async () => {
    const token = await signIn("demo", "admin@demo.local");
    const response = await client("demo", token).get("/company");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      IDCompany: 1,
      Name: "Demo Comércio",
      TimeZone: "America/Sao_Paulo",
    });
  });
});
