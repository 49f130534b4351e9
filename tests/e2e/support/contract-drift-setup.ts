import { afterEach, expect } from 'vitest';
import { takeContractDrifts } from './browser.js';

// Every browser test also checks that each API answer the pages read matched its shared contract.
afterEach(() => {
  expect(takeContractDrifts(), 'API answers that did not match their shared contract').toEqual([]);
});
