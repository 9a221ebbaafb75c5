import { createRouter } from "../../http/router";
import { getStockSetting, getStockSettingRoute } from "./get";
import { updateStockSetting, updateStockSettingRoute } from "./update";

export const stockSettingRouter = createRouter()
  .openapi(getStockSettingRoute, getStockSetting)
  .openapi(updateStockSettingRoute, updateStockSetting);
