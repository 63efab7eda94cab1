import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { JpActivateResult, JpActivateRpcRequest, JpActivationListResult, JpActivationPatterns } from '@registrar/contracts';
import { userIdOf } from '../../shared/common/rpc-payload';
import { JpActivationService } from './jp-activation.service';

/** The RPC side of mypage/JpDomainActivate (provisional .co.jp activation). */
@Controller()
export class JpActivationRpcController {
  constructor(private readonly activation: JpActivationService) {}

  @MessagePattern(JpActivationPatterns.List)
  list(@Payload() req: { userId: number }): Promise<JpActivationListResult> {
    return this.activation.list(userIdOf(req));
  }

  @MessagePattern(JpActivationPatterns.Activate)
  activate(@Payload() req: JpActivateRpcRequest): Promise<JpActivateResult> {
    return this.activation.activate({ ...req, userId: userIdOf(req) });
  }
}
