import { createRouter } from "../../../http/router";
import { createSupplier, createSupplierRoute } from "./create";
import { deleteSupplier, deleteSupplierRoute } from "./delete";
import { getSupplier, getSupplierRoute } from "./get";
import { listSuppliers, listSuppliersRoute } from "./list";
import { updateSupplier, updateSupplierRoute } from "./update";

export const supplierRouter = createRouter()
  .openapi(listSuppliersRoute, listSuppliers)
  .openapi(getSupplierRoute, getSupplier)
  .openapi(createSupplierRoute, createSupplier)
  .openapi(updateSupplierRoute, updateSupplier)
  .openapi(deleteSupplierRoute, deleteSupplier);
