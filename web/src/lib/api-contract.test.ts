import { schemeTree } from '@og/shared/contracts/schemes';
import { jobRun } from '@og/shared/contracts/jobs';
import { describe, expect, it } from 'vitest';
import { ApiContractError, noContent, readResponse } from './api-contract';

describe('readResponse', () => {
  it('reads an answer that matches its contract', () => {
    const tree = { scheme: 'hisco', nestedData: [], lookup: {} };
    expect(readResponse(schemeTree, tree, 'GET /api/schemes/hisco/tree')).toEqual(tree);
    expect(readResponse(noContent, undefined, 'DELETE /api/datasets/x')).toBeUndefined();
  });

  it('fails at once, in development and tests, on an answer that drifted from the contract', () => {
    const drifted = { id: 'j1', kind: 'dataset.ingest', label: 'Ingest', state: 'running', progress: null, error: null, result: null, createdAt: 'x', updatedAt: 'x' };
    const read = () => readResponse(jobRun, drifted, 'GET /api/jobs/j1');
    expect(read).toThrow(ApiContractError);
    expect(read).toThrow(/^API contract drift in GET \/api\/jobs\/j1: state: /);
    expect(() => readResponse(schemeTree, { scheme: 'not-a-scheme', nestedData: [], lookup: {} }, 'GET tree')).toThrow(/scheme: Unknown scheme 'not-a-scheme'/);
    expect(() => readResponse(noContent, { unexpected: true }, 'DELETE x')).toThrow(ApiContractError);
  });
});
