import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// PROBLEM: jsdom does not expose TextEncoder/TextDecoder, which react-router 7 uses at module load.
// SOLUTION: take Node's implementations. WHEN TO REMOVE: when jest-environment-jsdom provides them.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}
