import { createRoute } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../http/router";
import { jsonOk } from "../../http/schemas";
import { UPLOAD_FLOW_DESCRIPTION, UploadAnswerSchema, uploadRequestBody } from "../uploads/schemas";
import { answerUpload, requireUploadBody } from "../uploads/upload-handler";
import { JOB_TAG, OFX_IMPORT_DESCRIPTION } from "./schemas";

export const createJobRoute = createRoute({
  method: "post",
  path: "/job",
  operationId: "createJob",
  tags: [JOB_TAG],
  summary: "Envia um arquivo para processamento (job)",
  description: `${UPLOAD_FLOW_DESCRIPTION}\n\n\`Type\` obrigatório: \`SkuTemplate\` (CSV de produtos), \`BankStatementOFX\` (extrato OFX; exige \`IDBankAccount\`) \`StockInventoryCount\` (contagem de inventário em CSV \`sku;quantidade;lote\`; exige \`IDStockKeepingUnitInventorySummary\` de um inventário aberto) ou \`MarketplaceSettlement\` (relatório de repasses de um canal em CSV \`Pedido;Data;Bruto;Comissao;Tarifas;Liquido\`; exige \`IDCompanyIntegration\`).\n\n${OFX_IMPORT_DESCRIPTION}`,
  middleware: [requireUploadBody] as const,
  request: { body: uploadRequestBody },
  responses: jsonOk(UploadAnswerSchema, "URL de upload (RequestUploadUrl) ou o job criado/existente"),
});

export const createJob: AppRouteHandler<typeof createJobRoute> = async (c) => {
  const answer = await answerUpload(c, "job", c.req.valid("json"), c.req.valid("form"));
  return c.json(answer, 200);
};
