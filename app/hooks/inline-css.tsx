import { createContext, useContext, type ReactNode } from "react";

/** The text of one of the app's style sheets, by its address; undefined for one not to put in the page. */
export type CssText = (href: string) => string | undefined;

const CssTextContext = createContext<CssText | null>(null);

/** Given by the server's render: it reads the built style sheets. */
export function CssTextProvider({ value, children }: { value: CssText; children: ReactNode }) {
  return <CssTextContext.Provider value={value}>{children}</CssTextContext.Provider>;
}

let sheetsInPage: Map<string, string> | undefined;

/**
 * Where a page's style sheets come from: on the server their files, so the page carries them and paints without
 * fetching them first; in the browser the sheets the first page carried (so they hydrate as they were, and come
 * back on a later page), the others being linked.
 */
export function useCssText(): CssText {
  const server = useContext(CssTextContext);
  if (server) return server;
  sheetsInPage ??= new Map(
    [...document.querySelectorAll<HTMLStyleElement>("style[data-href]")].map((style) => [
      style.dataset.href!,
      style.textContent ?? "",
    ]),
  );
  return (href) => sheetsInPage!.get(href);
}
