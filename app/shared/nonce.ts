import { createContext, useContext } from "react";

/**
 * This response's CSP nonce, handed to the document by the server render (app/entry.server.tsx)
 * for the script and preload tags the Layout writes itself. Not loader data: a page carrying its
 * nonce in its text could not be kept by the page cache (server/page-pipeline.ts, ADR 0013).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
