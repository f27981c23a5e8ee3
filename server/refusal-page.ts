import type { Response } from "express";
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ErrorPage } from "~/components/ErrorPage";
import stylesheet from "~/styles/layout.css";
import { escapeHtml } from "~/utils/html";
import { requestIdOf } from "./request-log";

/** A page of ours for what is answered before the app runs, styled like the site, with the request's id. */
export function refusalPage(
  res: Response,
  title: string,
  message: string,
  next?: ComponentProps<typeof ErrorPage>["next"],
) {
  const body = renderToStaticMarkup(
    createElement(
      "main",
      { id: "main" },
      createElement(ErrorPage, { title, message, next, requestId: requestIdOf(res) }),
    ),
  );
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – Marquee Cinemas</title><meta name="description" content="${escapeHtml(message)}"><link rel="stylesheet" href="${stylesheet}"></head><body>${body}</body></html>`;
}
