/**
 * Where to send a partner after signing in: the `redirect` value when it is a same-origin path
 * under /ace (never another site, never back to a sign-in screen), else /ace.
 */
export function safeAceRedirect(value: string | null | undefined): string {
  if (!value) return "/ace";
  if (!/^\/ace(?:[/?#]|$)/.test(value)) return "/ace";
  const hasControlCharacter = [...value].some((c) => c.charCodeAt(0) < 0x20);
  if (value.includes("\\") || value.includes("//") || hasControlCharacter) return "/ace";
  if (/^\/ace\/(login|register|forgot-password|reset-password)(?:[/?#]|$)/.test(value))
    return "/ace";
  return value;
}

/** The sign-in page's address carrying the page a signed-out visitor came from. */
export function loginPathFor(from: string): string {
  return `/ace/login?redirect=${encodeURIComponent(from)}`;
}
