import { createRouter } from "../../http/router";
import { createHubIntegration, createHubIntegrationRoute } from "./create-integration";
import { getHubIntegration, getHubIntegrationRoute } from "./get-integration";
import { getIntegrationOrder, getIntegrationOrderRoute } from "./get-integration-order";
import { getHubOrder, getHubOrderRoute } from "./get-order";
import { listHubIntegrationTypes, listHubIntegrationTypesRoute } from "./list-integration-types";
import { listHubIntegrations, listHubIntegrationsRoute } from "./list-integrations";
import { listHubOrders, listHubOrdersRoute } from "./list-orders";
import { pullHubOrders, pullHubOrdersRoute } from "./pull-orders";
import { updateHubIntegration, updateHubIntegrationRoute } from "./update-integration";

export const hubRouter = createRouter()
  .openapi(listHubIntegrationTypesRoute, listHubIntegrationTypes)
  .openapi(listHubIntegrationsRoute, listHubIntegrations)
  .openapi(createHubIntegrationRoute, createHubIntegration)
  .openapi(getHubIntegrationRoute, getHubIntegration)
  .openapi(updateHubIntegrationRoute, updateHubIntegration)
  .openapi(pullHubOrdersRoute, pullHubOrders)
  .openapi(listHubOrdersRoute, listHubOrders)
  .openapi(getHubOrderRoute, getHubOrder)
  .openapi(getIntegrationOrderRoute, getIntegrationOrder);
