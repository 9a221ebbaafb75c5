import { COST_CENTER_NOT_FOUND } from "../../domain/registries/messages";
import { costCenterRegistry } from "../../domain/registries/simple-registries";
import { describedRegistryRouter } from "./described-registry";

export const costCenterRouter = describedRegistryRouter({
  path: "/type/cost-center",
  param: "idtypecostcenter",
  idField: "IDTypeCostCenter",
  schemaName: "CostCenter",
  tag: "Type",
  noun: { one: "centro de custo", many: "centros de custo" },
  notFound: COST_CENTER_NOT_FOUND,
  operationIds: {
    list: "listCostCenters",
    get: "getCostCenter",
    create: "createCostCenter",
    update: "updateCostCenter",
    remove: "deleteCostCenter",
  },
  registry: costCenterRegistry,
});
