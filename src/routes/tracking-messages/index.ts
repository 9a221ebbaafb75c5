import { createRouter } from "../../http/router";
import { createTrackingMessage, createTrackingMessageRoute } from "./create";
import { deleteTrackingMessage, deleteTrackingMessageRoute } from "./delete";
import { getTrackingMessage, getTrackingMessageRoute } from "./get";
import { listTrackingMessages, listTrackingMessagesRoute } from "./list";
import { updateTrackingMessage, updateTrackingMessageRoute } from "./update";

export const trackingMessagesRouter = createRouter()
  .openapi(listTrackingMessagesRoute, listTrackingMessages)
  .openapi(getTrackingMessageRoute, getTrackingMessage)
  .openapi(createTrackingMessageRoute, createTrackingMessage)
  .openapi(updateTrackingMessageRoute, updateTrackingMessage)
  .openapi(deleteTrackingMessageRoute, deleteTrackingMessage);
