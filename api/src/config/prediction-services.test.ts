import { describe, expect, it } from 'vitest';
import { readPredictionServices } from './prediction-services.js';

describe('prediction services settings', () => {
  it('reads OccCANINE and each LLM from the environment, none by default', () => {
    expect(readPredictionServices({}).services).toMatchObject({ occcanineUrl: null, llms: {}, requestCap: 2000, concurrency: 4 });
    const { services, problems } = readPredictionServices({
      OCCCANINE_URL: 'http://occ.local:8000/predict',
      LLM_DEEPSEEK_URL: 'https://api.deepseek.example/v1/',
      LLM_DEEPSEEK_KEY: 'k',
      LLM_DEEPSEEK_MODEL: 'deepseek-chat',
      PREDICTION_REQUEST_CAP: '50',
    });
    expect(problems).toEqual([]);
    expect(services.occcanineUrl).toBe('http://occ.local:8000/predict');
    expect(services.llms).toEqual({ deepseek: { baseUrl: 'https://api.deepseek.example/v1', apiKey: 'k', modelId: 'deepseek-chat' } });
    expect(services.requestCap).toBe(50);
  });

  it('names what is malformed or missing', () => {
    const { problems } = readPredictionServices({ OCCCANINE_URL: 'ftp://x', LLM_GPT41_KEY: 'k', PREDICTION_CONCURRENCY: '0' });
    expect(problems.sort()).toEqual([
      'LLM_GPT41_URL and LLM_GPT41_MODEL are both needed for gpt-4.1',
      'OCCCANINE_URL: not an http(s) URL',
      'PREDICTION_CONCURRENCY: a positive whole number',
    ]);
  });
});
