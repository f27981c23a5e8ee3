export async function fuzz() {
  return { figures: [] };
}
