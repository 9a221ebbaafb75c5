import { createRouter } from "../../../http/router";
import { createCompanyIntegration, createCompanyIntegrationRoute } from "./create";
import { deleteCompanyIntegration, deleteCompanyIntegrationRoute } from "./delete";
import { getCompanyIntegration, getCompanyIntegrationRoute } from "./get";
import { listCompanyIntegrations, listCompanyIntegrationsRoute } from "./list";
import { rotatePixWebhookSecret, rotatePixWebhookSecretRoute } from "./rotate-webhook-secret";
import { updateCompanyIntegration, updateCompanyIntegrationRoute } from "./update";

export const companyIntegrationRouter = createRouter()
  .openapi(listCompanyIntegrationsRoute, listCompanyIntegrations)
  .openapi(getCompanyIntegrationRoute, getCompanyIntegration)
  .openapi(createCompanyIntegrationRoute, createCompanyIntegration)
  .openapi(updateCompanyIntegrationRoute, updateCompanyIntegration)
  .openapi(deleteCompanyIntegrationRoute, deleteCompanyIntegration)
  .openapi(rotatePixWebhookSecretRoute, rotatePixWebhookSecret);
