export async function runCli(_argv: string[]): Promise<number> {
  console.error('the admin CLI is not built yet');
  return 1;
}
