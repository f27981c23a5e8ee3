// Plain JavaScript so that the artwork generator (a Node script) and the app share it.

/**
 * FNV-1a: a small hash that is the same on every machine, for sample data that must not change between runs.
 * @param {string} text
 * @returns {number}
 */
export function stableHash(text) {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ /** @type {number} */ (ch.codePointAt(0)), 0x01000193);
  return h >>> 0;
}
