/**
 * Resolves a URL the server asked us to navigate to, and refuses anything but http(s): a compromised or
 * buggy answer must not be able to run `javascript:` or open a `data:` document in the shop's tab.
 */
export function toNavigableUrl(candidate: string, base: string): URL | null {
  let url: URL;
  try {
    url = new URL(candidate, base);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}
