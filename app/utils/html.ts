const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to put in HTML, in an element or a quoted attribute: "<b>" -> "&lt;b&gt;". */
export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]);
}
