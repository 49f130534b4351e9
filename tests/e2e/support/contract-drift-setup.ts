import { afterEach, expect } from 'vitest';
import { takeContractDrifts, takePolicyViolations } from './browser.js';

// Every browser test also checks that each API answer the pages read matched its shared contract,
// and that no page it opened had anything blocked by the Content-Security-Policy.
afterEach(() => {
  expect(takeContractDrifts(), 'API answers that did not match their shared contract').toEqual([]);
  expect(takePolicyViolations(), 'Content-Security-Policy violations').toEqual([]);
});
