export async function postgresRestart() {
  return { figures: [] };
}
