import { fuzzRoutes } from "./fuzz-routes";

// the routes of the OpenAPI document with index ≡ 3 (mod SHARDS), see fuzz-routes.ts
fuzzRoutes(3);
