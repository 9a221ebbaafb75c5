import { createRoute, z } from "@hono/zod-openapi";
import { INVALID_CREDENTIALS, TOO_MANY_SIGN_IN_ATTEMPTS } from "../../domain/identity/messages";
import { signIn, toursSeenOf } from "../../domain/identity/sign-in";
import type { AppRouteHandler } from "../../http/router";
import { ErrorBodySchema, errorResponses, jsonBody } from "../../http/schemas";
import { jwtSecret, jwtTtlSeconds } from "../../platform/jwt";
import { CompanyRefSchema, companyRefBody, ToursSeenSchema } from "./schemas";

const SignInBody = z
  .object({
    Email: z.string().min(1, "Email é obrigatório").max(254).openapi({ example: "admin@demo.local" }),
    Password: z.string().min(1, "Password é obrigatório").max(1024).openapi({ example: "demo123" }),
  })
  .openapi("SignInRequest");

const SignInResponse = z
  .object({
    Token: z.string().openapi({ description: "Enviar em `Authorization: JWT <Token>`" }),
    ExpiresIn: z.number().int().openapi({ description: "Validade do token em segundos" }),
    IDUser: z.number().int(),
    Name: z.string(),
    Email: z.string(),
    IDCompany: z.number().int(),
    Companies: z.array(CompanyRefSchema),
    ToursSeen: ToursSeenSchema,
    Origin: z.string().nullable(),
  })
  .openapi("SignInResponse");

export const signInLocalRoute = createRoute({
  method: "post",
  path: "/user/signin/local",
  operationId: "signInLocal",
  tags: ["User"],
  summary: "Entrar com e-mail e senha",
  description: `Troca e-mail e senha por um JWT da conta do host. Credenciais inválidas: 401 \`${INVALID_CREDENTIALS}\`. Tentativas sem sucesso repetidas para um e-mail ou de um mesmo cliente (endereço IP) são limitadas: 429 \`${TOO_MANY_SIGN_IN_ATTEMPTS}\`, com \`Retry-After\` em segundos. Por janela de uma hora: 30 falhas livres por e-mail e 10 por cliente, depois um bloqueio de 1 s que dobra a cada falha, até 15 min; um login bem-sucedido zera a contagem do e-mail.`,
  security: [],
  request: { body: jsonBody(SignInBody) },
  responses: {
    200: {
      description: "Token e dados do usuário",
      content: { "application/json": { schema: SignInResponse } },
    },
    ...errorResponses,
    429: {
      description: "Tentativas demais: o e-mail ou o cliente está bloqueado por alguns segundos a 15 minutos",
      headers: {
        "Retry-After": {
          description: "Segundos até a próxima tentativa ser aceita",
          schema: { type: "integer", minimum: 1 },
        },
      },
      content: { "application/json": { schema: ErrorBodySchema } },
    },
  },
});

export const signInLocal: AppRouteHandler<typeof signInLocalRoute> = async (c) => {
  const body = c.req.valid("json");
  const result = await signIn(c.get("db"), {
    email: body.Email,
    password: body.Password,
    account: c.get("account"),
    client: c.req.header("CF-Connecting-IP"),
    secret: jwtSecret(c.env),
    ttlSeconds: jwtTtlSeconds(c.env),
  });
  return c.json(
    {
      Token: result.token,
      ExpiresIn: result.expiresIn,
      IDUser: result.user.id,
      Name: result.user.name,
      Email: result.user.email,
      IDCompany: result.user.companyId,
      Companies: result.companies.map(companyRefBody),
      ToursSeen: toursSeenOf(result.user),
      Origin: result.user.origin ?? null,
    },
    200,
  );
};
