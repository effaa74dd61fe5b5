/**
 * Random ids for batches, toasts and impressions. Ids are made here, at the edge, and travel on events:
 * folds never create them, so replaying a log gives the same state.
 */
export function newId(): string {
  const bytes = new Uint8Array(16);
  // crypto.randomUUID exists only in secure contexts; a Strata served over plain http on a LAN
  // address is not one, while getRandomValues is available everywhere.
  globalThis.crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
