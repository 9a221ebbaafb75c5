export * from "./company";
export * from "./finance";
export * from "./hub";
export * from "./identity";
export * from "./jobs";
export * from "./orders";
export * from "./registries";
export * from "./stock";
