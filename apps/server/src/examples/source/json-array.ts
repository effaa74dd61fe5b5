/**
 * Parses a JSON array of records without blocking the event loop for long: JSON.parse of the 10 MB
 * flights-200k file holds the thread for over 100 ms, during which /health would not answer. This scans
 * for top-level element boundaries (string- and nesting-aware), parses slices of about `sliceChars`
 * characters, and yields to the event loop between slices.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

export async function parseJsonArray(text: string, sliceChars = 256 * 1024): Promise<unknown[]> {
  const start = text.indexOf('[');
  if (start < 0) throw new SyntaxError('Expected a JSON array');
  const out: unknown[] = [];
  let depth = 0;
  let inString = false;
  let sliceStart = start + 1;
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) depth++;
    else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      if (depth === 0) {
        // The closing bracket of the array itself.
        pushSlice(out, text.slice(sliceStart, i));
        return out;
      }
      depth--;
    } else if (c === 0x2c /* , */ && depth === 0 && i - sliceStart >= sliceChars) {
      pushSlice(out, text.slice(sliceStart, i));
      sliceStart = i + 1;
      await yieldToEventLoop();
    }
  }
  throw new SyntaxError('Unterminated JSON array');
}

function pushSlice(out: unknown[], slice: string): void {
  if (slice.trim() === '') return;
  for (const item of JSON.parse(`[${slice}]`) as unknown[]) out.push(item);
}
