/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

import "@remix-run/server-runtime";
import "react";

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }

  /** What our server (server/site.ts) tells every loader and action about the request. */
  interface AppLoadContext {
    /** The client's address: the socket's, or the trusted proxy's X-Forwarded-For hop with TRUST_PROXY. */
    clientAddress: string;
    /** This request's id (server/request-log.ts): in its log lines, its X-Request-Id header and its error page. */
    requestId: string;
    /**
     * The show a seat form was posted for (app/http/seat-page.server.ts). Without JavaScript the time is a radio of
     * the form, so the address of a page drawn after the post may name another time or none; its loader draws this.
     * With `heldSeats`, the post was refused for taken seats and these are the show's seats held or sold as that
     * refusal read them: the page drawn for it shows them without reading them again.
     */
    postedShow?: { id: string; heldSeats?: string[] };
  }
}

declare module "react" {
  /**
   * React 18 does not know `fetchPriority` (it renders the camelCase name and warns); React 19 does. Until then the
   * attribute is written as HTML spells it.
   */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged declaration repeats the type parameter
  interface ImgHTMLAttributes<T> {
    fetchpriority?: "high" | "low" | "auto";
  }
  /** HTML's `blocking="render"` (a render-blocking link), which React passes through but its types do not know. */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged declaration repeats the type parameter
  interface LinkHTMLAttributes<T> {
    blocking?: "render";
  }
}
