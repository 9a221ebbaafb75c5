import { createRouter } from "../../../http/router";
import { createCarrierHubMapping, createCarrierHubMappingRoute } from "./create";
import { deleteCarrierHubMapping, deleteCarrierHubMappingRoute } from "./delete";
import { getCarrierHubMapping, getCarrierHubMappingRoute } from "./get";
import { listCarrierHubMappings, listCarrierHubMappingsRoute } from "./list";
import { updateCarrierHubMapping, updateCarrierHubMappingRoute } from "./update";

export const carrierHubMappingRouter = createRouter()
  .openapi(listCarrierHubMappingsRoute, listCarrierHubMappings)
  .openapi(getCarrierHubMappingRoute, getCarrierHubMapping)
  .openapi(createCarrierHubMappingRoute, createCarrierHubMapping)
  .openapi(updateCarrierHubMappingRoute, updateCarrierHubMapping)
  .openapi(deleteCarrierHubMappingRoute, deleteCarrierHubMapping);
