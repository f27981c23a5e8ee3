export async function crashes() {
  return { figures: [] };
}
