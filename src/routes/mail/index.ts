import { createRouter } from "../../http/router";
import { listMailOutbox, listMailOutboxRoute } from "./list-outbox";

export const mailRouter = createRouter().openapi(listMailOutboxRoute, listMailOutbox);
