import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

export type ToastType = "success" | "error" | "info" | "warning";
export type ToastInput = {
  message: string;
  type: ToastType;
  description?: string;
  duration?: number;
  /** A page to go on to, such as the show just added. */
  link?: { to: string; label: string };
};
type LiveToast = ToastInput & { id: number; leaving: boolean };

// Toasts show top-center, 4 s by default and for errors, 2 s for success,
// at most 20 on screen, removed from the page 1 s after they start to fade.
export const TOAST_DURATION_MS: Record<ToastType, number> = { success: 2000, error: 4000, info: 4000, warning: 4000 };
export const MAX_TOASTS = 20;
// A toast with a link stays long enough to be read and followed.
const LINK_TOAST_DURATION_MS = 10_000;
const REMOVE_DELAY_MS = 1000;

let nextId = 1;
const listeners = new Set<(toast: ToastInput) => void>();

/** Shows a toast from the browser, e.g. a check that needs no round trip to the server. */
export function showToast(toast: ToastInput) {
  for (const listener of listeners) listener(toast);
}

function live(toast: ToastInput): LiveToast {
  return { ...toast, id: nextId++, leaving: false };
}

/**
 * The toasts on screen. The server's toast is read once, by the root loader, whose answer also clears its cookie;
 * the browser's are raised by the page. This component outlives pages (it is in the root layout), so a toast
 * belongs to the page it was shown on: going to another page takes it away, and the new page shows only its own.
 */
export function Toaster({ serverToast }: { serverToast?: ToastInput }) {
  const [toasts, setToasts] = useState<LiveToast[]>(() => (serverToast ? [live(serverToast)] : []));
  const shownServerToast = useRef(serverToast);
  const { pathname } = useLocation();
  const [page, setPage] = useState(pathname);
  if (page !== pathname) {
    setPage(pathname);
    setToasts([]);
  }

  useEffect(() => {
    const add = (toast: ToastInput) => setToasts((current) => [...current, live(toast)].slice(-MAX_TOASTS));
    listeners.add(add);
    return () => void listeners.delete(add);
  }, []);

  useEffect(() => {
    if (serverToast && serverToast !== shownServerToast.current) {
      setToasts((current) => [...current, live(serverToast)].slice(-MAX_TOASTS));
    }
    shownServerToast.current = serverToast;
  }, [serverToast]);

  const timers = useRef(new Map<number, number>());
  useEffect(() => {
    for (const toast of toasts) {
      if (toast.leaving || timers.current.has(toast.id)) continue;
      const timer = window.setTimeout(
        () => {
          setToasts((current) => current.map((c) => (c.id === toast.id ? { ...c, leaving: true } : c)));
          window.setTimeout(() => {
            timers.current.delete(toast.id);
            setToasts((current) => current.filter((c) => c.id !== toast.id));
          }, REMOVE_DELAY_MS);
        },
        toast.duration ?? (toast.link ? LINK_TOAST_DURATION_MS : TOAST_DURATION_MS[toast.type]),
      );
      timers.current.set(toast.id, timer);
    }
  }, [toasts]);

  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  return (
    <section className="toaster" aria-label="Notifications">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.type}${toast.leaving ? " toast-leaving" : ""}`}
          role={toast.type === "error" ? "alert" : "status"}
        >
          <span className="toast-icon" aria-hidden="true">
            {toast.type === "error" ? "!" : "✓"}
          </span>
          <span>
            {toast.message}
            {toast.description ? <small>{toast.description}</small> : null}
            {toast.link ? (
              // A document load, so the browser marks what the link's #fragment names (CSS :target), which a
              // client-side navigation does not.
              <Link to={toast.link.to} className="toast-link" reloadDocument>
                {toast.link.label}
              </Link>
            ) : null}
          </span>
        </div>
      ))}
    </section>
  );
}
