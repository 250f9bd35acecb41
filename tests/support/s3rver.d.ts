// The little of s3rver (a devDependency without types) the tests use.
declare module "s3rver" {
  import type { Server } from "node:http";
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }
  type Middleware = (ctx: { method: string; path: string; query: Record<string, unknown>; status: number }, next: () => Promise<unknown>) => unknown;
  export default class S3rver {
    constructor(options: S3rverOptions);
    middleware: Middleware[];
    httpServer?: Server;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
