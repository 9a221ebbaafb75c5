import { createRouter } from "../../http/router";
import { getUser, getUserRoute } from "./get";
import { getUserPrivilege, getUserPrivilegeRoute } from "./privilege";
import { signInLocal, signInLocalRoute } from "./sign-in";

/** Sign-in: public, mounted before authentication. */
export const signInRouter = createRouter().openapi(signInLocalRoute, signInLocal);

/** The signed-in user and the users of its company. */
export const userRouter = createRouter()
  .openapi(getUserPrivilegeRoute, getUserPrivilege)
  .openapi(getUserRoute, getUser);
