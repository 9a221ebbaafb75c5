export * from "./company";
export * from "./events";
export * from "./finance";
export * from "./identity";
export * from "./jobs";
export * from "./registries";
export * from "./stock";
