import { Controller } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { AvailabilityPatterns, CheckRequest, CheckResult, ClaimCheckRequest, ClaimCheckResult, DispatchRequest, DispatchResult } from '@registrar/contracts';
import { AvailabilityInputError, AvailabilityService } from './check/availability.service';
import { DispatchService } from './dispatch/dispatch.service';

@Controller()
export class AvailabilityRpcController {
  constructor(private readonly availability: AvailabilityService, private readonly dispatcher: DispatchService) {}

  @MessagePattern(AvailabilityPatterns.Dispatch)
  dispatch(@Payload() req: DispatchRequest): Promise<DispatchResult> {
    return this.dispatcher.dispatch(req);
  }

  @MessagePattern(AvailabilityPatterns.Check)
  check(@Payload() req: CheckRequest): Promise<CheckResult> {
    return guard(() => this.availability.check(req));
  }

  @MessagePattern(AvailabilityPatterns.ClaimCheck)
  claimCheck(@Payload() req: ClaimCheckRequest): Promise<ClaimCheckResult> {
    return guard(() => this.availability.claimCheck(req));
  }

  @MessagePattern(AvailabilityPatterns.Invalidate)
  invalidate(@Payload() req: { names: string[] }): Promise<{ removed: number }> {
    return guard(() => this.availability.invalidate(req?.names));
  }
}

/** Bad input is the caller's fault: answered as an RPC error with status 400, never retried. */
async function guard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AvailabilityInputError) throw new RpcException({ status: 400, message: e.message });
    throw e;
  }
}
