import type { OpenAPIHono } from "@hono/zod-openapi";
import { hc } from "hono/client";
import type { AppType } from "./app";
import type { AppEnv } from "./env";
import type { acquirerRouter } from "./routes/acquirer";
import type { bankAccountRouter } from "./routes/bank-accounts";
import type { bankStatementRouter } from "./routes/bank-statement";
import type { companyRouter } from "./routes/company";
import type { conciliationRulesRouter } from "./routes/conciliation-rules";
import type { jobsRouter } from "./routes/jobs";
import type { ordersRouter } from "./routes/orders";
import type { accountTypeRouter } from "./routes/registries/account-type";
import type { brandRouter } from "./routes/registries/brand";
import type { carrierHubMappingRouter } from "./routes/registries/carrier-hub-mapping";
import type { carrierModalRouter } from "./routes/registries/carrier-modal";
import type { cashierRouter } from "./routes/registries/cashier";
import type { companyIntegrationRouter } from "./routes/registries/company-integration";
import type { companyInvoiceRouter } from "./routes/registries/company-invoice";
import type { consumerRouter } from "./routes/registries/consumer";
import type { costCenterRouter } from "./routes/registries/cost-center";
import type { documentTypeRouter } from "./routes/registries/document-type";
import type { orderTypeRouter } from "./routes/registries/order-type";
import type { paymentTypeRouter } from "./routes/registries/payment-type";
import type { productRouter } from "./routes/registries/product";
import type { supplierRouter } from "./routes/registries/supplier";
import type { skuRouter } from "./routes/sku";
import type { titlesRouter } from "./routes/titles";
import type { signedUploadRouter } from "./routes/uploads";
import type { signInRouter, userRouter } from "./routes/user";

export type { AppType };

// biome-ignore lint/suspicious/noExplicitAny: only the schema parameter matters here
type SchemaOf<Router> = Router extends OpenAPIHono<any, infer Schema, any> ? Schema : never;

/**
 * The routes of the typed client: the API's routers merged, each with literal path types (a path typed
 * as a plain `string` would act as an index signature and swallow every other path of the client).
 */
export type ClientAppType = OpenAPIHono<
  AppEnv,
  SchemaOf<typeof signInRouter> &
    SchemaOf<typeof signedUploadRouter> &
    SchemaOf<typeof userRouter> &
    SchemaOf<typeof companyRouter> &
    SchemaOf<typeof companyInvoiceRouter> &
    SchemaOf<typeof companyIntegrationRouter> &
    SchemaOf<typeof carrierModalRouter> &
    SchemaOf<typeof carrierHubMappingRouter> &
    SchemaOf<typeof brandRouter> &
    SchemaOf<typeof supplierRouter> &
    SchemaOf<typeof consumerRouter> &
    SchemaOf<typeof productRouter> &
    SchemaOf<typeof orderTypeRouter> &
    SchemaOf<typeof accountTypeRouter> &
    SchemaOf<typeof documentTypeRouter> &
    SchemaOf<typeof paymentTypeRouter> &
    SchemaOf<typeof costCenterRouter> &
    SchemaOf<typeof cashierRouter> &
    SchemaOf<typeof bankAccountRouter> &
    SchemaOf<typeof conciliationRulesRouter> &
    SchemaOf<typeof bankStatementRouter> &
    SchemaOf<typeof acquirerRouter> &
    SchemaOf<typeof jobsRouter> &
    SchemaOf<typeof skuRouter> &
    SchemaOf<typeof ordersRouter> &
    SchemaOf<typeof titlesRouter>,
  "/"
>;

export type ClientOptions = {
  /** Token of `POST /user/signin/local`; sent as `Authorization: JWT <token>`. */
  token?: string;
  /** The fetch to use (a Worker's `fetch`, a service binding...); the global fetch by default. */
  fetch?: typeof fetch;
  /** Extra headers on every request (e.g. `X-D1-Bookmark` to read your own writes). */
  headers?: Record<string, string>;
};

/**
 * A typed client of the API: paths, parameters, bodies and answers come from the routes' zod schemas,
 * so a wrong field name or type is a compile error. `baseUrl` is the account's address with the
 * version, e.g. `http://demo.localhost:8787/1.0`.
 *
 * ```ts
 * const api = createClient("http://demo.localhost:8787/1.0", { token });
 * const res = await api.accounts["bank-account"].$get({ query: {} });
 * if (res.status === 200) for (const account of await res.json()) console.log(account.Bank, account.Balance);
 * ```
 */
export function createClient(baseUrl: string, { token, fetch, headers }: ClientOptions = {}) {
  return hc<ClientAppType>(baseUrl, {
    fetch,
    headers: { ...headers, ...(token ? { Authorization: `JWT ${token}` } : {}) },
  });
}

export type ApiClient = ReturnType<typeof createClient>;
