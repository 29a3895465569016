/**
 * The password digest the API expects (shell-access-navigation.md §3 "Login payload"): the
 * lowercase hex SHA-512 of the UTF-8 text the user typed, computed with Web Crypto.
 */

/** Lowercase hex SHA-512 (128 characters) of `text` encoded as UTF-8. */
export async function sha512Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-512', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
