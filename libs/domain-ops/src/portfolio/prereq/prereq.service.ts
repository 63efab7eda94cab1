import { Inject, Injectable } from '@nestjs/common';
import { PrereqResult, PrereqRpcRequest } from '@registrar/contracts';
import { Clock, CLOCK } from '@registrar/infra';
import { M } from '@registrar/messages';
import { formatDateJst, needsPrereq, validatePrereq } from '@registrar/rules';
import { normaliseName } from '../../shared/ports/catalog.port';
import { PrereqRepository } from './prereq.repository';

/** POST mypage/domain/create/prereq: the .co.jp WHOIS registration modal (000 spec §5), stored per member and domain. */
@Injectable()
export class PrereqService {
  constructor(private readonly repo: PrereqRepository, @Inject(CLOCK) private readonly clock: Clock) {}

  async register(req: PrereqRpcRequest): Promise<PrereqResult> {
    const n = normaliseName(req.domainName);
    if (!n || !needsPrereq(n.name)) return { result: false, errorMsg: [M.enterDomainCorrectly], errors: {} };
    const input = {
      contact: req.contact ?? {},
      preRegister: !!req.preRegister,
      isDifferentTec: !!req.isDifferentTec,
      isDifferentAdm: !!req.isDifferentAdm,
      isDifferentBil: !!req.isDifferentBil,
    };
    const today = formatDateJst(this.clock.now()).replace(/\D/g, '');
    const v = validatePrereq(input, today);
    if (v.errorMsg.length || Object.keys(v.errors).length) return { result: false, errorMsg: v.errorMsg, errors: v.errors };
    const c = input.contact;
    await this.repo.upsert(req.userId, n.punycode, input.preRegister, {
      org: c.org,
      reg: c.reg,
      tec: input.isDifferentTec ? c.tec : undefined,
      adm: input.isDifferentAdm ? c.adm : undefined,
      bil: input.isDifferentBil ? c.bil : undefined,
      isDifferentTec: input.isDifferentTec,
      isDifferentAdm: input.isDifferentAdm,
      isDifferentBil: input.isDifferentBil,
    });
    return { result: true, errorMsg: [], errors: {} };
  }
}
