import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companyIntegrations, hubOrders, mlConnections } from "../../../../drizzle/schema";
import { pullNow } from "../../../support/hub-factories";
import { connectMlSeller, type MlFault, mlDouble, mlOrder, nextMlSellerId } from "../../../support/ml-double";
import { companyOneApi, demoDb, unique } from "../../../support/registry-factories";
import { seedAccounts } from "../../../support/seed";

type Api = Awaited<ReturnType<typeof companyOneApi>>;
let api: Api;

beforeAll(async () => {
  await seedAccounts();
  api = await companyOneApi();
});

/** The reason of a redirect refused by the outbound helper, to the trap's origin (any port). */
const REDIRECT_REFUSED =
  /^Mercado Livre respondeu com um redirecionamento \(HTTP 307 para http:\/\/127\.0\.0\.1:\d+\), que não é seguido$/;

/** The `errorMessage` of a refusal (a 400's body). */
const errorOf = (body: unknown) => String((body as { errorMessage?: unknown }).errorMessage);

/** A seller at the double, not connected yet: the app's id and secret, a refresh token and an OAuth code. */
async function freshSeller() {
  const sellerId = nextMlSellerId();
  const settings = {
    clientId: String(7_000_000 + sellerId),
    clientSecret: `segredo-${sellerId}`,
    sellerId,
    refreshToken: `TG-out-${sellerId}`,
    code: `TG-codigo-${sellerId}`,
  };
  const double = await mlDouble(`out-${sellerId}`, settings);
  return { double, settings };
}

type Fresh = Awaited<ReturnType<typeof freshSeller>>;

/** `POST /hub/integration` of kind 3 by credentials (the refresh token is exchanged at once). */
const connect = ({ double, settings }: Fresh, description = unique("Mercado Livre")) =>
  api.post("/hub/integration", {
    Description: description,
    IDTypeCompanyIntegration: 3,
    BaseUrl: double.baseUrl,
    Credentials: {
      ClientId: settings.clientId,
      ClientSecret: settings.clientSecret,
      RefreshToken: settings.refreshToken,
    },
  });

const integrationsNamed = (description: string) =>
  demoDb().select().from(companyIntegrations).where(eq(companyIntegrations.description, description));

/** The OAuth route pair: an integration with the app's credentials only, its state, then the callback. */
async function oauthCallback(seller: Fresh, faults: MlFault[]) {
  const created = await api.post("/hub/integration", {
    Description: unique("Mercado Livre"),
    IDTypeCompanyIntegration: 3,
    BaseUrl: seller.double.baseUrl,
    Credentials: { ClientId: seller.settings.clientId, ClientSecret: seller.settings.clientSecret },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body[0]!.IDCompanyIntegration as number;
  const auth = await api.get(
    `/hub/integration/${id}/mercado-livre/authorization?RedirectUri=${encodeURIComponent("https://app.exemplo.com.br/retorno")}`,
  );
  expect(auth.status).toBe(200);
  await seller.double.faults(faults);
  const callback = await api.get(
    `/hub/mercado-livre/oauth/callback?code=${seller.settings.code}&state=${auth.body.State}`,
  );
  const [integration] = await api.get(`/hub/integration/${id}`).then((answer) => answer.body);
  return { callback, integration, id };
}

describe("Mercado Livre's token endpoint through the outbound helper", () => {
  it("a 307 to another origin at connection: 400 naming Mercado Livre, the secret and the refresh token not sent again there", async () => {
    const seller = await freshSeller();
    await seller.double.faults([{ on: "token", mode: "redirect" }]);
    const description = unique("Mercado Livre");
    const answer = await connect(seller, description);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(errorOf(answer.body)).toMatch(/^O Mercado Livre não entregou os tokens \(POST \/oauth\/token\): /);
    expect(errorOf(answer.body).replace(/^[^)]*\): /, "")).toMatch(REDIRECT_REFUSED);
    expect(await seller.double.trapped()).toEqual([]);
    expect(await integrationsNamed(description)).toEqual([]);
  });

  it("200 text/plain at connection: 400 saying what came back, nothing stored", async () => {
    const seller = await freshSeller();
    await seller.double.faults([{ on: "token", mode: "text" }]);
    const description = unique("Mercado Livre");
    const answer = await connect(seller, description);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toMatchObject({
      errorMessage:
        "O Mercado Livre não entregou os tokens (POST /oauth/token): resposta que não é JSON (HTTP 200, text/plain)",
    });
    expect(await integrationsNamed(description)).toEqual([]);
    // the same seller connects once the endpoint answers again
    const again = await connect(seller);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it("HTML labelled JSON, or JSON without the tokens, at connection: 400", async () => {
    const seller = await freshSeller();
    await seller.double.faults([{ on: "token", mode: "garbage" }]);
    const html = await connect(seller);
    expect(html.status).toBe(400);
    expect(html.body).toMatchObject({
      errorMessage:
        "O Mercado Livre não entregou os tokens (POST /oauth/token): resposta que não é JSON (HTTP 200, application/json)",
    });
    await seller.double.faults([
      { on: "token", mode: "body", body: { access_token: "APP_USR-x", expires_in: "6h" } },
    ]);
    const malformed = await connect(seller);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({
      errorMessage:
        "O Mercado Livre não entregou os tokens (POST /oauth/token): resposta JSON sem access_token, refresh_token, expires_in e user_id válidos",
    });
  });

  it("the OAuth callback: 200 text/plain and a 307 answer 400, the integration stays NotAuthenticated", async () => {
    const text = await oauthCallback(await freshSeller(), [{ on: "token", mode: "text" }]);
    expect(text.callback.status, JSON.stringify(text.callback.body)).toBe(400);
    expect(text.callback.body).toMatchObject({
      errorMessage:
        "O Mercado Livre não entregou os tokens (POST /oauth/token): resposta que não é JSON (HTTP 200, text/plain)",
    });
    expect(text.integration).toMatchObject({ AuthenticationStatus: "NotAuthenticated" });

    const seller = await freshSeller();
    const redirected = await oauthCallback(seller, [{ on: "token", mode: "redirect" }]);
    expect(redirected.callback.status, JSON.stringify(redirected.callback.body)).toBe(400);
    expect(errorOf(redirected.callback.body).replace(/^[^)]*\): /, "")).toMatch(REDIRECT_REFUSED);
    expect(redirected.integration).toMatchObject({ AuthenticationStatus: "NotAuthenticated" });
    expect(await seller.double.trapped()).toEqual([]);
  });
});

describe("Mercado Livre's API calls through the outbound helper", () => {
  it("a 307 of an API call fails the pull naming Mercado Livre; the seller's token is not sent to the other origin", async () => {
    const seller = await connectMlSeller(api, { prefix: "out" });
    await seller.double.orders([mlOrder(seller.sellerId, { items: [{ sku: "OUT-1" }] })]);
    await seller.double.faults([{ mode: "redirect", path: "/orders/search" }]);
    const job = await pullNow(api, seller.integrationId);
    expect(job.Status).toBe("Failed");
    expect(job.FailureReason).toMatch(/^Falha na chamada ao canal: /);
    expect(job.FailureReason!.replace("Falha na chamada ao canal: ", "")).toMatch(REDIRECT_REFUSED);
    expect(await seller.double.trapped()).toEqual([]);
    // the next pull, with the channel answering again, takes the order
    const next = await pullNow(api, seller.integrationId);
    expect(next.Status, next.FailureReason ?? "").toBe("Done");
    expect(next.Result).toMatchObject({ created: 1 });
  });

  it("an answer over its bound (9 MiB) fails the pull with the bound, not read whole", async () => {
    const seller = await connectMlSeller(api, { prefix: "out" });
    await seller.double.faults([{ mode: "huge", path: "/orders/search" }]);
    const job = await pullNow(api, seller.integrationId);
    expect(job).toMatchObject({
      Status: "Failed",
      FailureReason: "Falha na chamada ao canal: Mercado Livre: resposta maior que 8388608 bytes",
    });
  });

  it("the address rule on every call: an API address of a private network (stored earlier) fails the pull at once", async () => {
    const seller = await connectMlSeller(api, { prefix: "out" });
    await demoDb()
      .update(mlConnections)
      .set({ baseUrl: "http://10.20.30.40/ml" })
      .where(eq(mlConnections.companyIntegrationId, seller.integrationId));
    const started = Date.now();
    const job = await pullNow(api, seller.integrationId);
    expect(job).toMatchObject({
      Status: "Failed",
      FailureReason:
        "Falha na chamada ao canal: Mercado Livre: o endereço aponta para um endereço privado ou local",
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(
      await demoDb()
        .select()
        .from(hubOrders)
        .where(and(eq(hubOrders.companyIntegrationId, seller.integrationId))),
    ).toEqual([]);
  });
});
