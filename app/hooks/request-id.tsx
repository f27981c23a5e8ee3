import { createContext, useContext, type ReactNode } from "react";

// The id of the request whose answer an error page shows. On the server it is the request being answered
// (entry.server provides it). In the browser it is the document's until the page fetches data itself (entry.client
// reads it from the server's error page before hydrating, so both render alike), then that of the last answer
// fetched: the one a client-side error page is about.
const RequestIdContext = createContext<string | null>(null);
let browserRequestId: string | null = null;

export function RequestIdProvider({ value, children }: { value: string; children: ReactNode }) {
  return <RequestIdContext.Provider value={value}>{children}</RequestIdContext.Provider>;
}

/** In the browser: the id of the latest answer of the site (its `X-Request-Id`). */
export function rememberRequestId(id: string | null | undefined) {
  if (id) browserRequestId = id;
}

export function useRequestId() {
  return useContext(RequestIdContext) ?? browserRequestId;
}
