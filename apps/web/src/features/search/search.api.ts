/** The search calls of the web app (000 §7): dispatch, then POST search/domain in batches of 25. */
import { SearchPaths, type CheckBody, type CheckResult, type DispatchBody, type DispatchResult } from '@registrar/contracts';
import { api } from '../../lib/api';

export function dispatchSearch(body: DispatchBody, signal?: AbortSignal): Promise<DispatchResult> {
  return api<DispatchResult>(SearchPaths.dispatch, { body, signal });
}

export function checkBatch(body: CheckBody, signal?: AbortSignal): Promise<CheckResult> {
  return api<CheckResult>(SearchPaths.check, { body, signal });
}
