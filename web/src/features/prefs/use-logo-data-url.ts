import { useQuery } from '@tanstack/react-query';

async function fetchAsDataUrl(path: string): Promise<string | null> {
  const answer = await fetch(path, { credentials: 'same-origin' });
  if (!answer.ok) return null;
  const blob = await answer.blob();
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });
}

/**
 * The company logo as a data URL, as the server embeds it when it freezes a contract: a preview
 * holds to the same document policy (docs/decisions/016), which lets images in only as data.
 * `undefined` while it loads, `null` when there is no logo.
 */
export function useLogoDataUrl(logoPath: string | null | undefined): string | null | undefined {
  const logo = useQuery({
    queryKey: ['logo-data-url', logoPath ?? null],
    queryFn: () => (logoPath ? fetchAsDataUrl(logoPath) : Promise.resolve(null)),
    enabled: logoPath !== undefined,
  });
  return logoPath === null ? null : logo.data;
}
