import { createRouter } from "../../../http/router";
import { createAccountType, createAccountTypeRoute } from "./create";
import { deleteAccountType, deleteAccountTypeRoute } from "./delete";
import { getAccountType, getAccountTypeRoute } from "./get";
import { listAccountTypes, listAccountTypesRoute } from "./list";
import { updateAccountType, updateAccountTypeRoute } from "./update";

export const accountTypeRouter = createRouter()
  .openapi(listAccountTypesRoute, listAccountTypes)
  .openapi(getAccountTypeRoute, getAccountType)
  .openapi(createAccountTypeRoute, createAccountType)
  .openapi(updateAccountTypeRoute, updateAccountType)
  .openapi(deleteAccountTypeRoute, deleteAccountType);
