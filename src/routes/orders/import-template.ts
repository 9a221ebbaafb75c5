import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { UPLOAD_FLOW_DESCRIPTION, UploadAnswerSchema, uploadRequestBody } from "../uploads/schemas";
import { answerUpload, requireUploadBody } from "../uploads/upload-handler";

export const importOrdersTemplateRoute = createRoute({
  method: "post",
  path: "/orders/template",
  operationId: "importOrdersTemplate",
  tags: ["Orders"],
  summary: "Envia a planilha (CSV) de pedidos",
  description: `${UPLOAD_FLOW_DESCRIPTION}\n\nO arquivo é validado, guardado e vira um job \`OrdersTemplate\`, que cria os pedidos pelo mesmo caminho de POST /orders (tributos, reservas, histórico).

**Colunas** (cabeçalho na primeira linha, \`;\` ou \`,\`, UTF-8 ou Latin-1): obrigatórias \`pedido\` (ou \`order\`: a chave do pedido no arquivo), \`deposito\` (\`warehouse\`: IDWarehouse), \`sku\` (\`codigo\`/\`code\`: código do SKU) e \`quantidade\` (\`quantity\`, decimais com \`,\` ou \`.\`); opcionais por item \`preco\` (\`price\`; vazio = preço do SKU) e \`desconto\` (\`discount\`); opcionais por pedido, lidas da primeira linha do pedido: \`cliente\` (IDConsumer), \`data\` (AAAA-MM-DD), \`status\` (IDStatusOrder inicial), \`frete\` e \`canal\` (IDSalesChannel). Valores \`12,50\`, \`1.234,56\`, \`R$ 10\`.

**Um pedido por grupo** de linhas consecutivas com o mesmo \`pedido\`. Um pedido com alguma linha ruim não é importado e cada linha ruim aparece em \`Errors\` com seu número (SKU inexistente, quantidade inválida, transição ou status inválido...); os demais pedidos são importados. \`Total\` é o número de pedidos do arquivo; \`Result\`: \`orders\` criados, \`lines\` lidas, \`errors\`. O mesmo arquivo de novo responde o mesmo \`IDJob\`; uma reentrega da fila nunca cria um pedido duas vezes (chave de importação única). Cabeçalho sem as colunas obrigatórias: o job termina \`Failed\` com o motivo.`,
  middleware: [requireUploadBody] as const,
  request: { body: uploadRequestBody },
  responses: jsonOk(UploadAnswerSchema, "URL de upload (RequestUploadUrl) ou `{IDJob, Message}`"),
});

export const importOrdersTemplate: AppRouteHandler<typeof importOrdersTemplateRoute> = async (c) => {
  const answer = await answerUpload(c, "orders-template", c.req.valid("json"), c.req.valid("form"));
  return c.json(answer, 200);
};
