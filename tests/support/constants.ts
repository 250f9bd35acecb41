export const TEST_AUDIENCE = "urn:ta-portal:api";
export const TEST_CLIENT_ID = "ta-portal-test";
export const TEMPLATE_DB = "template_portal";

declare module "vitest" {
  export interface ProvidedContext {
    pgUrlBase: string;
    issuer: string;
    keysFile: string;
  }
}
