// Types of server.mjs, for the TypeScript benchmark that shares it (bench/web.ts).
export declare const repositoryRoot: string;
export declare const CHROMIUM_ARGS: string[];
export declare function ensureWebBuild(options?: { force?: boolean }): Promise<void>;
export declare function freePort(): Promise<number>;
export declare function startServer(
  env?: Record<string, string>,
): Promise<{ baseUrl: string; stop: () => Promise<void> }>;
export declare function registerInvestor(
  baseUrl: string,
  investor: { phone: string; password: string; inviteCode?: string },
): Promise<{ token: string; account: string }>;
