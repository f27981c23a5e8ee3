/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import "@remix-run/server-runtime";

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }

  /** What our server (server/site.ts) tells every loader and action about the request. */
  interface AppLoadContext {
    /** The client's address: the socket's, or the trusted proxy's X-Forwarded-For hop with TRUST_PROXY. */
    clientAddress: string;
  }
}
