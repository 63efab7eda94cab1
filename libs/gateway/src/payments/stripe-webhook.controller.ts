import { BadRequestException, Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { OrdersPatterns, StripeWebhookResult } from '@registrar/contracts';
import { Public } from '@registrar/identity';
import { OrdersClient } from './orders.client';

/**
 * POST stripe/webhook: Stripe's event deliveries. No session or CSRF (Stripe is the caller): the body is authenticated
 * by its signature, verified by the orders service over the exact raw bytes (the app is created with rawBody: true).
 * Public by design; the CSRF middleware lets this one path through (CSRF_EXEMPT).
 */
@Controller('stripe')
@Public()
export class StripeWebhookController {
  constructor(private readonly orders: OrdersClient) {}

  @Post('webhook')
  @HttpCode(200)
  async receive(@Req() req: Request & { rawBody?: Buffer }, @Headers('stripe-signature') signature?: string): Promise<{ received: true }> {
    if (!req.rawBody || !signature) throw new BadRequestException({ message: 'missing body or signature' });
    await this.orders.call<StripeWebhookResult>(OrdersPatterns.StripeWebhook, { payload: req.rawBody.toString('utf8'), signature });
    return { received: true };
  }
}
