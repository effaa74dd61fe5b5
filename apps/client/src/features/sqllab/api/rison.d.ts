// rison 0.1 ships no types; SQL Lab only encodes the `q` parameter of GET requests.
declare module 'rison' {
  const rison: { encode(value: unknown): string; decode(text: string): unknown };
  export default rison;
}
