import { HttpException, HttpStatus } from '@nestjs/common';
import { fmt, M } from '@registrar/messages';

/** Every failure of the identity feature, mapped exhaustively to an HTTP status and a Japanese message. */
export enum IdentityErrorCode {
  NotSignedIn = 'NOT_SIGNED_IN',
  SessionEnded = 'SESSION_ENDED',
  Forbidden = 'FORBIDDEN',
  AdminNeedsTwoFactor = 'ADMIN_NEEDS_TWO_FACTOR',
  BadCredentials = 'BAD_CREDENTIALS',
  EmailNotConfirmed = 'EMAIL_NOT_CONFIRMED',
  Throttled = 'THROTTLED',
  EmailTaken = 'EMAIL_TAKEN',
  TokenInvalid = 'TOKEN_INVALID',
  TwoFactorInvalid = 'TWO_FACTOR_INVALID',
  TwoFactorNotPending = 'TWO_FACTOR_NOT_PENDING',
  TwoFactorAlreadyEnabled = 'TWO_FACTOR_ALREADY_ENABLED',
  TwoFactorRequiredForAdmin = 'TWO_FACTOR_REQUIRED_FOR_ADMIN',
  CurrentPasswordWrong = 'CURRENT_PASSWORD_WRONG',
  NotFound = 'NOT_FOUND',
  VerificationRequired = 'VERIFICATION_REQUIRED',
}

function assertUnreachable(x: never): never {
  throw new Error(`unhandled identity error ${String(x)}`);
}

export function identityErrorStatus(code: IdentityErrorCode): { status: number; message: string } {
  switch (code) {
    case IdentityErrorCode.NotSignedIn: return { status: HttpStatus.UNAUTHORIZED, message: M.loginRequired };
    case IdentityErrorCode.SessionEnded: return { status: HttpStatus.UNAUTHORIZED, message: M.loginRequired };
    case IdentityErrorCode.Forbidden: return { status: HttpStatus.FORBIDDEN, message: M.forbidden };
    case IdentityErrorCode.AdminNeedsTwoFactor: return { status: HttpStatus.FORBIDDEN, message: M.adminNeedsTwoFactor };
    case IdentityErrorCode.BadCredentials: return { status: HttpStatus.UNPROCESSABLE_ENTITY, message: M.badCredentials };
    case IdentityErrorCode.EmailNotConfirmed: return { status: HttpStatus.UNPROCESSABLE_ENTITY, message: M.emailNotConfirmed };
    case IdentityErrorCode.Throttled: return { status: HttpStatus.TOO_MANY_REQUESTS, message: fmt(M.loginThrottled, { minutes: 15 }) };
    case IdentityErrorCode.EmailTaken: return { status: HttpStatus.UNPROCESSABLE_ENTITY, message: M.emailTaken };
    case IdentityErrorCode.TokenInvalid: return { status: HttpStatus.UNPROCESSABLE_ENTITY, message: M.linkInvalid };
    case IdentityErrorCode.TwoFactorInvalid: return { status: HttpStatus.UNPROCESSABLE_ENTITY, message: M.twoFactorInvalid };
    case IdentityErrorCode.TwoFactorNotPending: return { status: HttpStatus.UNAUTHORIZED, message: M.loginRequired };
    case IdentityErrorCode.TwoFactorAlreadyEnabled: return { status: HttpStatus.CONFLICT, message: M.twoFactorAlreadyEnabled };
    case IdentityErrorCode.TwoFactorRequiredForAdmin: return { status: HttpStatus.UNPROCESSABLE_ENTITY, message: M.adminNeedsTwoFactor };
    case IdentityErrorCode.CurrentPasswordWrong: return { status: HttpStatus.UNPROCESSABLE_ENTITY, message: M.currentPasswordWrong };
    case IdentityErrorCode.NotFound: return { status: HttpStatus.NOT_FOUND, message: M.userNotFound };
    case IdentityErrorCode.VerificationRequired: return { status: HttpStatus.FORBIDDEN, message: M.verificationRequired };
    default: return assertUnreachable(code);
  }
}

export class IdentityException extends HttpException {
  constructor(public readonly code: IdentityErrorCode, extra: Record<string, unknown> = {}, messageOverride?: string) {
    const { status, message } = identityErrorStatus(code);
    const msg = messageOverride ?? message;
    super({ success: false, result: false, code, message: msg, errors: { message: [msg] }, ...extra }, status);
  }
}

/** A 422 with per-field errors in the shape { errors: { field: [msg] } } the web app reads. */
export class FieldErrorsException extends HttpException {
  constructor(errors: Record<string, string | string[]>) {
    const normalised = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));
    super({ success: false, result: false, message: Object.values(normalised)[0]?.[0] ?? M.errorOccurred, errors: normalised }, HttpStatus.UNPROCESSABLE_ENTITY);
  }
}
