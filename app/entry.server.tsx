import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { CssTextProvider } from "~/hooks/inline-css";
import { RequestIdProvider } from "~/hooks/request-id";
import { contentSecurityPolicy, inlineScriptHashes } from "~/http/security.server";
import { logger } from "~/services/logger.server";

export const streamTimeout = 5_000;

const builtCss = new Map<string, string>();

/** A built style sheet's text (its name carries its content's hash, so it is read once). */
function cssText(href: string) {
  if (!/^\/build\/_assets\/[\w-]+\.css$/.test(href)) return undefined;
  let text = builtCss.get(href);
  if (text === undefined) {
    text = fs.readFileSync(path.join("public", href), "utf8");
    builtCss.set(href, text);
  }
  return text;
}

const DOCUMENT_END = "</body></html>";

/**
 * Moves what React 18 writes after the document to the end of its body, in place (decision 57). Remix's single fetch
 * hands the loader data over in scripts it renders beside the router, so they come after `</html>`, an error to an
 * HTML validator; a browser's parser puts them in the body all the same, so React hydrates the same DOM. Those
 * scripts' JSON escapes `<`, so the last `</body></html>` is the document's.
 */
function moveTrailingScriptsIntoBody(page: Buffer) {
  const end = page.lastIndexOf(DOCUMENT_END);
  if (end === -1) return;
  page.copy(page, end, end + DOCUMENT_END.length);
  page.write(DOCUMENT_END, page.length - DOCUMENT_END.length);
}

/**
 * Renders the whole page before sending it: its CSP names the hashes of its inline scripts (the loader data among
 * them), so a copy kept in memory is served with the same, still exact, policy. No page defers data, so nothing
 * arrives later than it would streamed.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    // Cleared as soon as the page is whole: a timer left to run would keep the finished render, and the page's
    // bytes with it, alive for seconds after the answer, at hundreds of pages a second.
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const body = new Writable({
      // React takes a "close" for a reader gone away and aborts; this page is kept whole, so none is ever needed.
      emitClose: false,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timeout);
        const page = Buffer.concat(chunks);
        moveTrailingScriptsIntoBody(page);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        // Only from the first script on is read as text: the rest of a page has none (and some pages none at all).
        const firstScript = page.indexOf("<script");
        responseHeaders.set(
          "Content-Security-Policy",
          contentSecurityPolicy(firstScript === -1 ? [] : inlineScriptHashes(page.toString("utf8", firstScript))),
        );
        // Its length lets the compression middleware leave a page under 1 KB as it is.
        responseHeaders.set("Content-Length", String(page.length));
        resolve(new Response(page, { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <CssTextProvider value={cssText}>
        <RequestIdProvider value={loadContext.requestId}>
          <RemixServer context={remixContext} url={request.url} />
        </RequestIdProvider>
      </CssTextProvider>,
      {
        onAllReady() {
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          logger.error({ err: error }, "Rendering a page failed");
        },
      },
    );
  });
}

/** An unexpected error in a loader, action or render: logged with the request's id (a client gone away is not). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (!request.signal.aborted) logger.error({ err: error }, "Unexpected error while answering a request");
};

/**
 * A data request's answer (single fetch) is read whole (no loader defers data) so that it says its length: the
 * compression middleware then leaves one under 1 KB as it is, most of them (a refusal's message, a redirect's
 * data), instead of streaming a few hundred bytes through a compressor (decision 34).
 */
export const handleDataRequest: HandleDataRequestFunction = async (response) => {
  response.headers.set("Content-Security-Policy", contentSecurityPolicy([]));
  // Remix turns a redirect returned here into its own data answer, with these headers: it must carry no length.
  if (!response.body || (response.status >= 300 && response.status < 400)) return response;
  const body = Buffer.from(await response.arrayBuffer());
  response.headers.set("Content-Length", String(body.length));
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
};
