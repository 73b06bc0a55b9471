// Whether the provider answers now, for ModelList's Status: GET {baseUrl}/models with the
// key as the provider takes it (Authorization or Azure's api-key), cached for `ttlMs`.
import { providerUrl } from './provider.ts';

const AVAILABILITY_TIMEOUT_MS = 2000;

export function availabilityProbe(
  baseUrl: string | null,
  headers: Record<string, string>,
  fetchFn: typeof fetch,
  ttlMs: number,
): () => Promise<boolean> {
  let probe: { at: number; value: Promise<boolean> } | undefined;
  return () => {
    const now = Date.now();
    if (probe && now - probe.at < ttlMs) return probe.value;
    const value = baseUrl
      ? fetchFn(providerUrl(baseUrl, 'models'), { headers, signal: AbortSignal.timeout(AVAILABILITY_TIMEOUT_MS) }).then(
          async (res) => {
            await res.body?.cancel();
            return res.ok;
          },
          () => false,
        )
      : Promise.resolve(false);
    probe = { at: now, value };
    return value;
  };
}
