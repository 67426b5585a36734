/**
 * Where a station may send its passwords: a server on another machine only over https; plain http
 * only to this computer (127.0.0.0/8, ::1, localhost), where nothing crosses the network.
 */
export function isSafeServerUrl(address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopback(url.hostname);
}

/** A host name of this computer only; `::1` bare (a listening address) or bracketed (a URL's hostname). */
export function isLoopback(hostname: string): boolean {
  // URL has already turned decimal, hex and short IPv4 forms into dotted quads.
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127(\.\d{1,3}){3}$/.test(hostname);
}
