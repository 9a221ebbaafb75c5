import { createRouter } from "../../http/router";
import { createTitleHandler, createTitleRoute } from "./create";
import { deleteTitleHandler, deleteTitleRoute } from "./delete";
import { deletePaymentHandler, deletePaymentRoute } from "./delete-payment";
import { getTitleHandler, getTitleRoute } from "./get";
import { PAYABLE_ROUTES, RECEIVABLE_ROUTES, type TitleRouteKind } from "./kinds";
import { listTitlesHandler, listTitlesRoute } from "./list";
import { payTitleHandler, payTitleRoute } from "./pay";
import { updateTitleHandler, updateTitleRoute } from "./update";

const titleRouter = <K extends TitleRouteKind>(kind: K) =>
  createRouter()
    .openapi(listTitlesRoute(kind), listTitlesHandler(kind))
    .openapi(getTitleRoute(kind), getTitleHandler(kind))
    .openapi(createTitleRoute(kind), createTitleHandler(kind))
    .openapi(updateTitleRoute(kind), updateTitleHandler(kind))
    .openapi(deleteTitleRoute(kind), deleteTitleHandler(kind))
    .openapi(payTitleRoute(kind), payTitleHandler(kind))
    .openapi(deletePaymentRoute(kind), deletePaymentHandler(kind));

/** `/accounts/payable` and `/accounts/receivable`: titles and their payments. */
export const titlesRouter = createRouter()
  .route("/", titleRouter(PAYABLE_ROUTES))
  .route("/", titleRouter(RECEIVABLE_ROUTES));
