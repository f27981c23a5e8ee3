import type { Response } from "express";
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ErrorPage } from "~/components/ErrorPage";
import stylesheet from "~/styles/layout.css";
import { escapeHtml } from "~/utils/html";
import { requestIdOf } from "./request-log";

type Refusal = {
  status: number;
  title: string;
  message: string;
  next?: ComponentProps<typeof ErrorPage>["next"];
  headers?: Record<string, string>;
};

/**
 * Answers with a page of ours for what is refused before the app runs (a cross-site post, an address that cannot be
 * read, the database away, seats known taken): the route boundaries' own `ErrorPage`, in the site's style sheet, with
 * the request's id. It is about this one request, so it is never stored.
 */
export function sendRefusal(res: Response, { status, title, message, next, headers = {} }: Refusal) {
  const body = renderToStaticMarkup(
    createElement(
      "main",
      { id: "main" },
      createElement(ErrorPage, { title, message, next, requestId: requestIdOf(res) }),
    ),
  );
  res
    .status(status)
    .type("html")
    .set({ ...headers, "Cache-Control": "no-store" })
    .send(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – Marquee Cinemas</title><meta name="description" content="${escapeHtml(message)}"><link rel="stylesheet" href="${stylesheet}"></head><body>${body}</body></html>`,
    );
}
