/** RFC 5730 section 3 result codes. */
export enum EppResultCode {
  Success = 1000,
  SuccessPending = 1001,
  SuccessNoMessages = 1300,
  SuccessAckToDequeue = 1301,
  SuccessEndingSession = 1500,
  UnknownCommand = 2000,
  SyntaxError = 2001,
  CommandUseError = 2002,
  RequiredParameterMissing = 2003,
  ParameterValueRangeError = 2004,
  ParameterValueSyntaxError = 2005,
  UnimplementedProtocolVersion = 2100,
  UnimplementedCommand = 2101,
  UnimplementedOption = 2102,
  UnimplementedExtension = 2103,
  BillingFailure = 2104,
  ObjectNotEligibleForRenewal = 2105,
  ObjectNotEligibleForTransfer = 2106,
  AuthenticationError = 2200,
  AuthorizationError = 2201,
  InvalidAuthorizationInformation = 2202,
  ObjectPendingTransfer = 2300,
  ObjectNotPendingTransfer = 2301,
  ObjectExists = 2302,
  ObjectDoesNotExist = 2303,
  ObjectStatusProhibitsOperation = 2304,
  ObjectAssociationProhibitsOperation = 2305,
  ParameterValuePolicyError = 2306,
  UnimplementedObjectService = 2307,
  DataManagementPolicyViolation = 2308,
  CommandFailed = 2400,
  CommandFailedServerClosingConnection = 2500,
  AuthenticationErrorServerClosingConnection = 2501,
  SessionLimitExceededServerClosingConnection = 2502,
}

export const DEFAULT_RESULT_MESSAGES: Record<number, string> = {
  1000: 'Command completed successfully',
  1001: 'Command completed successfully; action pending',
  1300: 'Command completed successfully; no messages',
  1301: 'Command completed successfully; ack to dequeue',
  1500: 'Command completed successfully; ending session',
  2000: 'Unknown command',
  2001: 'Command syntax error',
  2002: 'Command use error',
  2003: 'Required parameter missing',
  2004: 'Parameter value range error',
  2005: 'Parameter value syntax error',
  2100: 'Unimplemented protocol version',
  2101: 'Unimplemented command',
  2102: 'Unimplemented option',
  2103: 'Unimplemented extension',
  2104: 'Billing failure',
  2105: 'Object is not eligible for renewal',
  2106: 'Object is not eligible for transfer',
  2200: 'Authentication error',
  2201: 'Authorization error',
  2202: 'Invalid authorization information',
  2300: 'Object pending transfer',
  2301: 'Object not pending transfer',
  2302: 'Object exists',
  2303: 'Object does not exist',
  2304: 'Object status prohibits operation',
  2305: 'Object association prohibits operation',
  2306: 'Parameter value policy error',
  2307: 'Unimplemented object service',
  2308: 'Data management policy violation',
  2400: 'Command failed',
  2500: 'Command failed; server closing connection',
  2501: 'Authentication error; server closing connection',
  2502: 'Session limit exceeded; server closing connection',
};

/** A registry answered with an error result code (2xxx). */
export class EppError extends Error {
  override readonly name = 'EppError';
  constructor(
    readonly code: EppResultCode | number,
    readonly registryMessage: string,
    readonly command: string,
    readonly reason?: string,
    readonly svTRID?: string,
    readonly clTRID?: string,
  ) {
    super(`${command}: ${code} ${registryMessage}${reason ? ` (${reason})` : ''}`);
  }

  /** `EppError.is(e, EppResultCode.ObjectExists)`: is `e` a registry refusal with one of these codes (any code when none given)? */
  static is(e: unknown, ...codes: EppResultCode[]): e is EppError {
    return e instanceof EppError && (codes.length === 0 || codes.includes(e.code));
  }
}

/** No answer within the command timeout; the connection is dropped (its responses could no longer be matched). */
export class EppTimeoutError extends Error {
  override readonly name = 'EppTimeoutError';
  constructor(readonly command: string, readonly timeoutMs: number) {
    super(`${command}: no EPP response within ${timeoutMs} ms`);
  }
}

/** The connection failed or closed before the answer arrived (the command may or may not have been executed). */
export class EppConnectionError extends Error {
  override readonly name = 'EppConnectionError';
  constructor(message: string, readonly command?: string) {
    super(message);
  }
}

/** The frame could not be understood. */
export class EppProtocolError extends Error {
  override readonly name = 'EppProtocolError';
}

export type NormalizedResult = 'success' | 'pending' | 'failed';

/** success (1000-series except 1001), pending (1001), failed (2000-series, timeouts, connection errors). */
export function normalizeResult(code: number): NormalizedResult {
  if (code === 1001) return 'pending';
  if (code >= 1000 && code < 2000) return 'success';
  return 'failed';
}

/** The admin spec's registrar-log code: 10000 success, 20000 failure, below 20000 other accepted (pending: 10001). */
export function specResultCode(result: NormalizedResult): number {
  return result === 'success' ? 10000 : result === 'pending' ? 10001 : 20000;
}
