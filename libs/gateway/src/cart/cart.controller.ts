import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CartAddResult, CartResult, OrdersPatterns } from '@registrar/contracts';
import { MemberId } from '../payments/member';
import { OrdersClient } from '../payments/orders.client';
import { CartDomainsBody } from './cart.dto';

/** The member's server-side cart (it survives a reload and a second tab). */
@Controller('mypage/cart')
export class CartController {
  constructor(private readonly orders: OrdersClient) {}

  /** GET mypage/cart -> { domains } */
  @Get()
  get(@MemberId() userId: number): Promise<CartResult> {
    return this.orders.call<CartResult>(OrdersPatterns.CartGet, { userId });
  }

  /** POST mypage/cart/add { domainNames[] } -> { domains, added, skipped, errors } */
  @Post('add')
  @HttpCode(200)
  add(@MemberId() userId: number, @Body() body: CartDomainsBody): Promise<CartAddResult> {
    return this.orders.call<CartAddResult>(OrdersPatterns.CartAdd, { userId, domainNames: body.domainNames });
  }

  /** POST mypage/cart/remove { domainNames[] } -> { domains } */
  @Post('remove')
  @HttpCode(200)
  remove(@MemberId() userId: number, @Body() body: CartDomainsBody): Promise<CartResult> {
    return this.orders.call<CartResult>(OrdersPatterns.CartRemove, { userId, domainNames: body.domainNames });
  }
}
