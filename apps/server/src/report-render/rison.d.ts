// rison 0.1 ships no types; the report page only encodes a dashboard's `native_filters` (tests decode it).
declare module 'rison' {
  const rison: { encode(value: unknown): string; decode(text: string): unknown };
  export default rison;
}
