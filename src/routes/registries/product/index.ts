import { createRouter } from "../../../http/router";
import { createProduct, createProductRoute } from "./create";
import { deleteProduct, deleteProductRoute } from "./delete";
import { getProduct, getProductRoute } from "./get";
import { listProducts, listProductsRoute } from "./list";
import { updateProduct, updateProductRoute } from "./update";

export const productRouter = createRouter()
  .openapi(listProductsRoute, listProducts)
  .openapi(getProductRoute, getProduct)
  .openapi(createProductRoute, createProduct)
  .openapi(updateProductRoute, updateProduct)
  .openapi(deleteProductRoute, deleteProduct);
