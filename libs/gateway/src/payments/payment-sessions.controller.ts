import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CreatePaymentSessionResult, CreateWalletSessionResult, OrdersPatterns, PaymentSessionAuthResult, PaymentSessionDto } from '@registrar/contracts';
import { safeAppPath } from '@registrar/rules';
import { GatewayConfig } from '../gateway.config';
import { Purchaser } from '@registrar/identity';
import { appUrlFor, MemberId } from './member';
import { OrdersClient } from './orders.client';
import { CaptureWalletBody, CreateSessionBody, CreateWalletSessionBody, RenewSessionBody, RenewWalletSessionBody, TransferSessionBody } from './payments.dto';

type SessionAnswer = CreatePaymentSessionResult & { authUrl?: string };

/**
 * Card payment sessions: the card buys the points an order lacks (50-yen minimum, surplus credited). When the card
 * needs 3-D Secure, the browser goes to mypage/stripe/auth, which forwards it to the authentication page and, on the
 * way back, settles the session and returns to redirect_url with payment_session and paymentResult.
 */
@Controller('mypage')
export class PaymentSessionsController {
  constructor(
    private readonly orders: OrdersClient,
    private readonly config: GatewayConfig,
  ) {}

  /** POST mypage/point/domain/create/session -> { result, sessionId, errors } (+ status, authUrl when authentication is needed). */
  @Post('point/domain/create/session')
  @Purchaser()
  @HttpCode(200)
  create(@MemberId() userId: number, @Body() body: CreateSessionBody, @Req() req: Request): Promise<SessionAnswer> {
    return this.start(userId, 'create', body, safeAppPath(body.redirect_url, '/mypage/search?action=createDomain'), req);
  }

  /** POST mypage/point/domain/renew/session -> { result, sessionId, errors } (the renewal modal's card payment; returns to mypage/domain?action=renewDomain). */
  @Post('point/domain/renew/session')
  @Purchaser()
  @HttpCode(200)
  renew(@MemberId() userId: number, @Body() body: RenewSessionBody, @Req() req: Request): Promise<SessionAnswer> {
    return this.start(userId, 'renew', body, safeAppPath(body.redirect_url, '/mypage/domain?action=renewDomain'), req);
  }

  /** POST mypage/point/domain/transfer/session { stripeCardId, amount } -> { result, sessionId, errors } (transfer-in; the card buys exactly the amount). */
  @Post('point/domain/transfer/session')
  @Purchaser()
  @HttpCode(200)
  transfer(@MemberId() userId: number, @Body() body: TransferSessionBody, @Req() req: Request): Promise<SessionAnswer> {
    return this.start(userId, 'transfer', { domains: [], amount: body.amount, stripeCardId: body.stripeCardId }, safeAppPath(body.redirect_url, '/mypage/transferin/confirm'), req);
  }

  private async start(userId: number, purpose: 'create' | 'renew' | 'transfer', body: Omit<CreateSessionBody, 'redirect_url'>, redirectUrl: string, req: Request): Promise<SessionAnswer> {
    const r = await this.orders.call<CreatePaymentSessionResult>(OrdersPatterns.PaymentSessionCreate, {
      userId,
      purpose,
      domains: body.domains,
      amount: body.amount,
      pointsToUse: body.pointsToUse ?? null,
      stripeCardId: body.stripeCardId,
      resultRenewDomains: body.resultRenewDomains,
      withAutoUpdate: body.withAutoUpdate,
      allUpdateDuration: body.allUpdateDuration,
      appUrl: appUrlFor(req, this.config.APP_URL),
      redirectUrl,
    });
    if (r.status === 'requires_action' && r.sessionId) {
      return { ...r, authUrl: `/mypage/stripe/auth?session_id=${r.sessionId}&redirect_url=${encodeURIComponent(redirectUrl)}` };
    }
    return r;
  }

  /** GET mypage/stripe/auth?session_id&redirect_url (XHR from the authentication page) -> { url } to send the browser to. */
  @Get('stripe/auth')
  auth(@MemberId() userId: number, @Req() req: Request, @Query('session_id') sessionId?: string, @Query('redirect_url') redirectUrl?: string): Promise<PaymentSessionAuthResult> {
    if (!sessionId) throw new BadRequestException();
    return this.orders.call<PaymentSessionAuthResult>(OrdersPatterns.PaymentSessionAuth, { userId, sessionId, redirectUrl: safeAppPath(redirectUrl, '') || undefined, appUrl: appUrlFor(req, this.config.APP_URL) });
  }

  /** POST mypage/point/domain/create/wallet { domains, amount } -> { result, sessionId, orderId, approveUrl, errors }: send the browser to approveUrl. */
  @Post('point/domain/create/wallet')
  @Purchaser()
  @HttpCode(200)
  createWallet(@MemberId() userId: number, @Body() body: CreateWalletSessionBody, @Req() req: Request): Promise<CreateWalletSessionResult> {
    return this.orders.call<CreateWalletSessionResult>(OrdersPatterns.WalletSessionCreate, {
      userId,
      purpose: 'create',
      domains: body.domains,
      amount: body.amount,
      pointsToUse: body.pointsToUse ?? null,
      appUrl: appUrlFor(req, this.config.APP_URL),
      redirectUrl: body.redirect_url ?? '/mypage/search?action=createDomain',
    });
  }

  /** POST mypage/point/domain/renew/wallet { domains, amount, resultRenewDomains, withAutoUpdate } -> as create/wallet; returns to mypage/domain?action=renewDomain. */
  @Post('point/domain/renew/wallet')
  @Purchaser()
  @HttpCode(200)
  renewWallet(@MemberId() userId: number, @Body() body: RenewWalletSessionBody, @Req() req: Request): Promise<CreateWalletSessionResult> {
    return this.orders.call<CreateWalletSessionResult>(OrdersPatterns.WalletSessionCreate, {
      userId,
      purpose: 'renew',
      domains: body.domains,
      amount: body.amount,
      resultRenewDomains: body.resultRenewDomains,
      withAutoUpdate: body.withAutoUpdate,
      allUpdateDuration: body.allUpdateDuration ?? null,
      appUrl: appUrlFor(req, this.config.APP_URL),
      redirectUrl: body.redirect_url ?? '/mypage/domain?action=renewDomain',
    });
  }

  /** POST mypage/point/wallet/capture { session_id, order_id } (from mypage/paypal/return) -> { url, status, error }. */
  @Post('point/wallet/capture')
  @HttpCode(200)
  captureWallet(@MemberId() userId: number, @Body() body: CaptureWalletBody, @Req() req: Request): Promise<PaymentSessionAuthResult> {
    return this.orders.call<PaymentSessionAuthResult>(OrdersPatterns.WalletCapture, {
      userId,
      sessionId: body.session_id,
      orderId: body.order_id,
      redirectUrl: body.redirect_url,
      appUrl: appUrlFor(req, this.config.APP_URL),
    });
  }

  /** GET mypage/point/session/{sessionId} -> the session (domains, amount, status) for the purchase's auto-execute. */
  @Get('point/session/:sessionId')
  get(@MemberId() userId: number, @Param('sessionId') sessionId: string): Promise<PaymentSessionDto> {
    return this.orders.call<PaymentSessionDto>(OrdersPatterns.PaymentSessionGet, { userId, sessionId });
  }
}
