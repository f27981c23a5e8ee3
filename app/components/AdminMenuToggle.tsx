import { useFetcher, useLocation } from "@remix-run/react";

/** Whether the side menu is collapsed: null until the staff member chooses, when the screen's width decides. */
export type MenuCollapsed = boolean | null;

/** The side menu's state, moved at once while its Hide/Show button's post remembers the choice. */
export function useMenuCollapsed(remembered: MenuCollapsed) {
  const menuToggle = useFetcher({ key: "admin-menu" });
  const pending = menuToggle.formData?.get("collapsed");
  return pending ? pending === "true" : remembered;
}

function ToggleButton({ collapse, className }: { collapse: boolean; className?: string }) {
  const menuToggle = useFetcher({ key: "admin-menu" });
  const { pathname, search } = useLocation();
  return (
    <menuToggle.Form method="post" action="/admin" preventScrollReset className={className}>
      <input type="hidden" name="collapsed" value={String(collapse)} />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button type="submit" className="icon-button" aria-controls="admin-menu" aria-expanded={collapse}>
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">{collapse ? "Hide menu" : "Show menu"}</span>
      </button>
    </menuToggle.Form>
  );
}

/**
 * The side menu's Hide/Show button. Until a choice is made the menu starts collapsed on a phone and open on a wider
 * screen, which CSS decides (admin.css), so there are two buttons and the screen shows the one that applies.
 */
export function AdminMenuToggle({ collapsed }: { collapsed: MenuCollapsed }) {
  if (collapsed !== null) return <ToggleButton collapse={!collapsed} />;
  return (
    <>
      <ToggleButton collapse className="admin-menu-toggle-wide" />
      <ToggleButton collapse={false} className="admin-menu-toggle-narrow" />
    </>
  );
}
