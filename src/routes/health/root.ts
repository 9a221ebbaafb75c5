import { createRoute, z } from "@hono/zod-openapi";
import { API_TITLE, API_VERSION_LABEL } from "../../http/openapi";
import type { AppRouteHandler } from "../../http/router";
import { ErrorBodySchema } from "../../http/schemas";
import { DEFAULT_VERSION } from "../../http/versions";

const ApiIndexSchema = z
  .object({
    Name: z.string().openapi({ description: "Nome da API" }),
    Version: z.string().openapi({ description: "Rótulo da versão do contrato", example: API_VERSION_LABEL }),
    Docs: z
      .string()
      .openapi({ description: "Referência interativa (HTML)", example: "http://demo.localhost:8787/docs" }),
    OpenAPI: z
      .string()
      .openapi({ description: "Documento OpenAPI 3.1", example: "http://demo.localhost:8787/openapi.json" }),
    SignIn: z.string().openapi({
      description: "Onde obter o token",
      example: "POST http://demo.localhost:8787/1.0/user/signin/local",
    }),
  })
  .openapi("ApiIndex");

export const apiIndexRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "apiIndex",
  tags: ["Health"],
  summary: "Ponto de partida: onde estão a referência e o documento OpenAPI",
  description:
    "Responde sem token nem conta (em `/` e em `/<versão>`, ex. `/1.0`) os endereços da referência interativa (`/docs`), " +
    "do documento OpenAPI (`/openapi.json`) e da entrada que devolve o token.",
  security: [],
  responses: {
    200: {
      description: "Os endereços de partida",
      content: { "application/json": { schema: ApiIndexSchema } },
    },
    400: {
      description: "Nunca: a rota não lê entrada",
      content: { "application/json": { schema: ErrorBodySchema } },
    },
    500: { description: "Falha interna", content: { "application/json": { schema: ErrorBodySchema } } },
  },
});

export const apiIndex: AppRouteHandler<typeof apiIndexRoute> = (c) => {
  const { origin, pathname } = new URL(c.req.url);
  const version = pathname.split("/")[1] || DEFAULT_VERSION;
  return c.json(
    {
      Name: API_TITLE,
      Version: API_VERSION_LABEL,
      Docs: `${origin}/docs`,
      OpenAPI: `${origin}/openapi.json`,
      SignIn: `POST ${origin}/${version}/user/signin/local`,
    },
    200,
  );
};
