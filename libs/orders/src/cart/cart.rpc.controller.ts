import { Controller, UseFilters, UsePipes } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CartAddResult, CartResult, OrdersPatterns } from '@registrar/contracts';
import { OrdersRpcErrorFilter } from '../common/rpc-errors.filter';
import { rpcValidation } from '../ledger/ledger.rpc.controller';
import { UserIdDto } from '../ledger/point-change.dto';
import { CartChangeDto } from './cart.dto';
import { CartService } from './cart.service';

@Controller()
@UseFilters(OrdersRpcErrorFilter)
@UsePipes(rpcValidation)
export class CartRpcController {
  constructor(private readonly cart: CartService) {}

  @MessagePattern(OrdersPatterns.CartGet)
  get(@Payload() req: UserIdDto): Promise<CartResult> {
    return this.cart.get(req.userId);
  }

  @MessagePattern(OrdersPatterns.CartAdd)
  add(@Payload() req: CartChangeDto): Promise<CartAddResult> {
    return this.cart.add(req.userId, req.domainNames);
  }

  @MessagePattern(OrdersPatterns.CartRemove)
  remove(@Payload() req: CartChangeDto): Promise<CartResult> {
    return this.cart.remove(req.userId, req.domainNames, req.view !== false);
  }
}
