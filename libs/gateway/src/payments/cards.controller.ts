import { BadRequestException, Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { IsString, Length } from 'class-validator';
import type { Request } from 'express';
import { CardListResult, CardRegistrationCompleteResult, CardRegistrationStartResult, OrdersPatterns } from '@registrar/contracts';
import { GatewayConfig } from '../gateway.config';
import { Member } from '@registrar/identity';
import { appUrlFor, MemberId } from './member';
import { OrdersClient } from './orders.client';
import { safeAppPath } from '@registrar/rules';

const safePath = safeAppPath;

/** POST mypage/credit_card/delete | default { id }: one of the member's saved cards. */
export class CardIdBody {
  @IsString() @Length(1, 200) id!: string;
}

/**
 * Saved cards. Registration goes through Stripe's hosted page (Checkout in setup mode): the page mypage/stripe asks
 * for its address and sends the browser there; Stripe sends it back to mypage/stripe/complete, which records the card
 * and returns to redirect_url.
 */
@Controller('mypage')
export class CardsController {
  constructor(
    private readonly orders: OrdersClient,
    private readonly config: GatewayConfig,
  ) {}

  /** GET mypage/credit_card/load -> { cards: [{ id, cardInfoText }] }, newest first (the first is preselected). */
  @Get('credit_card/load')
  load(@MemberId() userId: number): Promise<CardListResult> {
    return this.orders.call<CardListResult>(OrdersPatterns.CardList, { userId });
  }

  /** POST mypage/credit_card/delete { id } -> { cards } (the クレジットカード page): detached at Stripe and off the list. */
  @Post('credit_card/delete')
  @Member()
  @HttpCode(200)
  remove(@MemberId() userId: number, @Body() body: CardIdBody): Promise<CardListResult> {
    return this.orders.call<CardListResult>(OrdersPatterns.CardRemove, { userId, cardId: body.id });
  }

  /** POST mypage/credit_card/default { id } -> { cards }: the card comes first (preselected, charged for auto-renew). */
  @Post('credit_card/default')
  @Member()
  @HttpCode(200)
  makeDefault(@MemberId() userId: number, @Body() body: CardIdBody): Promise<CardListResult> {
    return this.orders.call<CardListResult>(OrdersPatterns.CardSetDefault, { userId, cardId: body.id });
  }

  /** GET mypage/stripe?redirect_url (XHR from the card-registration page) -> { url } of the hosted card form. */
  @Get('stripe')
  start(@MemberId() userId: number, @Req() req: Request, @Query('redirect_url') redirectUrl?: string): Promise<CardRegistrationStartResult> {
    return this.orders.call<CardRegistrationStartResult>(OrdersPatterns.CardRegistrationStart, {
      userId,
      redirectUrl: safePath(redirectUrl, '/mypage/domain'),
      appUrl: appUrlFor(req, this.config.APP_URL),
    });
  }

  /** GET mypage/stripe/complete?session_id&redirect_url (XHR from the return page) -> { card, redirectUrl }. */
  @Get('stripe/complete')
  async complete(@MemberId() userId: number, @Query('session_id') sessionId?: string, @Query('redirect_url') redirectUrl?: string) {
    if (!sessionId || sessionId.length > 200) throw new BadRequestException();
    const r = await this.orders.call<CardRegistrationCompleteResult>(OrdersPatterns.CardRegistrationComplete, { userId, checkoutSessionId: sessionId });
    const back = safePath(redirectUrl, '/mypage/domain');
    return { card: r.card, redirectUrl: `${back}${back.includes('?') ? '&' : '?'}cardRegistration=true` };
  }
}
