/**
 * Reads a raw RFC 5322 mail as an SMTP server received it, for the specs: headers, and the leaf parts of
 * its MIME tree with their bodies decoded (base64, quoted-printable), so a spec compares bytes.
 */
export interface MimePart {
  headers: Record<string, string>;
  contentType: string;
  body: Buffer;
}

export interface RawMail {
  headers: Record<string, string>;
  parts: MimePart[];
}

function splitHead(text: string): { headers: Record<string, string>; body: string } {
  const end = text.indexOf('\r\n\r\n');
  const head = end < 0 ? text : text.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: end < 0 ? '' : text.slice(end + 4) };
}

function decode(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      );
    default:
      return Buffer.from(body, 'latin1');
  }
}

function leaves(headers: Record<string, string>, body: string): MimePart[] {
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!contentType.toLowerCase().startsWith('multipart/') || !boundary)
    return [{ headers, contentType, body: decode(body, headers['content-transfer-encoding']) }];
  const sections = body.split(`--${boundary}`).slice(1);
  return sections
    .filter((s) => !s.startsWith('--'))
    .flatMap((s) => {
      const part = splitHead(s.replace(/^\r\n/, '').replace(/\r\n$/, ''));
      return leaves(part.headers, part.body);
    });
}

export function parseRawMail(raw: Buffer): RawMail {
  const { headers, body } = splitHead(raw.toString('latin1'));
  return { headers, parts: leaves(headers, body) };
}
