import { predictionModelLabels, type PredictionModel, type PredictionModelList, predictionModels } from '@og/shared/contracts/predictions';
import { type Config, llmSettingPrefixes, type LlmModel } from '../config/config.js';

/** Why a model cannot run on this server, or null when it can (the built-in coder always can). */
export function modelUnavailable(config: Pick<Config, 'predictionServices'>, model: PredictionModel): string | null {
  if (model === 'builtin') return null;
  if (model === 'occcanine') return config.predictionServices.occcanineUrl ? null : 'Not configured on this server (OCCCANINE_URL).';
  const prefix = llmSettingPrefixes[model as LlmModel];
  return config.predictionServices.llms[model as LlmModel] ? null : `Not configured on this server (LLM_${prefix}_URL, LLM_${prefix}_MODEL, LLM_${prefix}_KEY).`;
}

/** What 'Run predictions' offers (no URL or key leaves the server). */
export function predictionModelList(config: Pick<Config, 'predictionServices'>): PredictionModelList {
  return {
    models: predictionModels.map((model) => {
      const reason = modelUnavailable(config, model);
      return { model, label: predictionModelLabels[model], available: reason === null, reason };
    }),
  };
}
