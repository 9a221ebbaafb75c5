import { createRouter } from "../../http/router";
import { createHubCollectionList, createHubCollectionListRoute } from "./create-collection-list";
import { createHubIntegration, createHubIntegrationRoute } from "./create-integration";
import { createHubProduct, createHubProductRoute } from "./create-product";
import { fetchHubLabels, fetchHubLabelsRoute } from "./fetch-labels";
import { getHubClaim, getHubClaimRoute } from "./get-claim";
import { getHubIntegration, getHubIntegrationRoute } from "./get-integration";
import { getIntegrationOrder, getIntegrationOrderRoute } from "./get-integration-order";
import { getHubOrder, getHubOrderRoute } from "./get-order";
import { getHubProduct, getHubProductRoute } from "./get-product";
import { listHubIntegrationTypes, listHubIntegrationTypesRoute } from "./list-integration-types";
import { listHubIntegrations, listHubIntegrationsRoute } from "./list-integrations";
import { listHubOrders, listHubOrdersRoute } from "./list-orders";
import { mlAuthorization, mlAuthorizationRoute, mlSeller, mlSellerRoute } from "./mercado-livre";
import { pullHubOrders, pullHubOrdersRoute } from "./pull-orders";
import { sendHubClaimFile, sendHubClaimFileRoute } from "./send-claim-file";
import { sendHubOrderFile, sendHubOrderFileRoute } from "./send-order-file";
import { updateHubIntegration, updateHubIntegrationRoute } from "./update-integration";
import { updateHubProduct, updateHubProductRoute } from "./update-product";

export const hubRouter = createRouter()
  .openapi(listHubIntegrationTypesRoute, listHubIntegrationTypes)
  .openapi(listHubIntegrationsRoute, listHubIntegrations)
  .openapi(createHubIntegrationRoute, createHubIntegration)
  .openapi(getHubIntegrationRoute, getHubIntegration)
  .openapi(updateHubIntegrationRoute, updateHubIntegration)
  .openapi(pullHubOrdersRoute, pullHubOrders)
  .openapi(listHubOrdersRoute, listHubOrders)
  .openapi(getHubOrderRoute, getHubOrder)
  .openapi(getIntegrationOrderRoute, getIntegrationOrder)
  .openapi(getHubClaimRoute, getHubClaim)
  .openapi(sendHubOrderFileRoute, sendHubOrderFile)
  .openapi(sendHubClaimFileRoute, sendHubClaimFile)
  .openapi(createHubProductRoute, createHubProduct)
  .openapi(getHubProductRoute, getHubProduct)
  .openapi(updateHubProductRoute, updateHubProduct)
  .openapi(createHubCollectionListRoute, createHubCollectionList)
  .openapi(fetchHubLabelsRoute, fetchHubLabels)
  .openapi(mlAuthorizationRoute, mlAuthorization)
  .openapi(mlSellerRoute, mlSeller);
