import { createRouter } from "../../../http/router";
import { createCarrierModal, createCarrierModalRoute } from "./create";
import { deleteCarrierModal, deleteCarrierModalRoute } from "./delete";
import { listCarrierModals, listCarrierModalsRoute } from "./list";
import { updateCarrierModal, updateCarrierModalRoute } from "./update";

export const carrierModalRouter = createRouter()
  .openapi(listCarrierModalsRoute, listCarrierModals)
  .openapi(createCarrierModalRoute, createCarrierModal)
  .openapi(updateCarrierModalRoute, updateCarrierModal)
  .openapi(deleteCarrierModalRoute, deleteCarrierModal);
