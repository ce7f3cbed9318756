/**
 * URL of the enhancement module (app/enhance.client.ts) for pages that ship no React: the hashed
 * file of the client build in production, the source file in development. Provided by the
 * `enhanceModule` plugin in vite.config.ts; meant for the server render only (an empty string in
 * the client bundle).
 */
declare module "virtual:enhance-url" {
  const url: string;
  export default url;
  /** The chunks the module imports, to preload beside it so they do not load one after another. */
  export const preloads: readonly string[];
}
