import { type TranslateRequest, translateResult, type TranslateResult } from '@og/shared/contracts/public';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /api/translate`: codes of one scheme read in another (open to everyone; anonymous callers are rate limited). */
export function translateCodes(request: TranslateRequest): Promise<TranslateResult> {
  return api.post('/api/translate', request, translateResult);
}

export function useTranslateCodes() {
  return useMutation({ mutationFn: translateCodes });
}
