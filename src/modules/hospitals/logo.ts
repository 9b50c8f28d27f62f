/**
 * A hospital's logo: a small PNG, JPEG or WebP sent as a data URL. The bytes must be what the
 * type says (checked by their signature), so nothing else is stored or served as an image.
 */
// A data URL this size stays under the request guard's longest string (request-guards.ts).
export const LOGO_MAX_BYTES = 64 * 1024;
export const LOGO_TYPE = 'Logo must be a PNG, JPEG or WebP image';
export const LOGO_TOO_LARGE = 'Logo must be at most 64 KB';

const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

export type Logo = { dataUrl: string; bytes: number };

/** The logo, or the message saying why it is refused. */
export function parseLogo(value: string): Logo | { error: string } {
  const match = /^data:(image\/[a-z+]+);base64,([A-Za-z0-9+/]+={0,2})$/.exec(value.trim());
  const signature = match ? SIGNATURES[match[1]!] : undefined;
  if (!match || !signature) return { error: LOGO_TYPE };
  // Decoded size from the base64 length, before decoding anything large.
  if ((match[2]!.length * 3) / 4 > LOGO_MAX_BYTES + 2) return { error: LOGO_TOO_LARGE };
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > LOGO_MAX_BYTES) return { error: LOGO_TOO_LARGE };
  if (!signature(bytes)) return { error: LOGO_TYPE };
  return { dataUrl: `data:${match[1]};base64,${match[2]}`, bytes: bytes.length };
}
