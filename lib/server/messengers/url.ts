import "server-only";

/** Messengers refuse link buttons to localhost and private addresses (Telegram does; MAX is treated alike): the link is then sent on a tap. */
export function urlButtonAllowed(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return !(host === "localhost" || host.endsWith(".localhost") || /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|\[?::1\]?$|0\.)/.test(host) || !host.includes("."));
  } catch {
    return false;
  }
}
