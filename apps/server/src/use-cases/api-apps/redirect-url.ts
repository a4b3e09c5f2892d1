const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether an API app's redirect URL is acceptable: https anywhere, or http only on this machine
 * (a developer's local program), never with credentials or a fragment, since the request token is
 * appended to its query. Example: `https://algo.example/cb` and `http://127.0.0.1:5000/cb` are;
 * `http://algo.example/cb` and `javascript:alert(1)` are not.
 */
export function isAcceptableRedirectUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password || url.hash || text.includes('#')) return false;
  if (url.protocol === 'https:') return url.hostname !== '';
  return url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
}
