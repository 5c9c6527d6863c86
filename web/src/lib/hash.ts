/**
 * The server never sees the password itself: sign-in sends its SHA-256 as
 * lowercase hex of the UTF-8 bytes ("passdigest").
 */
export async function passdigest(password: string): Promise<string> {
  const bytes = new TextEncoder().encode(password);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
