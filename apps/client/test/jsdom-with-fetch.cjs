// PROBLEM: jsdom has no fetch, so components that talk HTTP could only be tested with a fake one.
// SOLUTION: give the jsdom window Node's own fetch (undici) and its AbortController, so component tests
// talk to a real node:http server started by the test. AbortController must come from the same realm
// as fetch, which checks that the signal is one of its own.
// WHEN TO REMOVE: when jsdom implements fetch.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, { fetch, Request, Response, Headers, AbortController, AbortSignal });
  }
}

module.exports = JsdomWithFetch;
