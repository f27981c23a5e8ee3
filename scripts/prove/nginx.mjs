export async function proxied() {
  return { figures: [] };
}
