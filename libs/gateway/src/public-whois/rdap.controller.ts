import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Json, parseDomainName, rdapError, RDAP_CONTENT_TYPE } from '@registrar/rules';
import { Public } from '@registrar/identity';
import { PublicWhoisService } from './public-whois.service';

function send(res: Response, status: number, body: Json): void {
  res.status(status);
  res.setHeader('Content-Type', `${RDAP_CONTENT_TYPE}; charset=utf-8`);
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cache-Control', 'no-cache');
  res.send(JSON.stringify(body));
}

const notFound = (res: Response, what: string) => send(res, 404, rdapError(404, 'Not Found', [`${what} is not held by this registrar`]));
const badRequest = (res: Response, what: string) => send(res, 400, rdapError(400, 'Bad Request', [what]));

/** RDAP (RFC 9082/9083) for the domains we sponsor: domain, entity, nameserver, help (docs/public-whois.md). */
@Controller('rdap')
export class RdapController {
  constructor(private readonly whois: PublicWhoisService) {}

  @Get('domain/:name')
  @Public()
  async domain(@Param('name') name: string, @Res() res: Response): Promise<void> {
    const d = parseDomainName(String(name ?? ''));
    if (!d.ok) return badRequest(res, 'not a valid domain name');
    const json = await this.whois.domainRdap(d.value.punycode);
    return json ? send(res, 200, json) : notFound(res, d.value.punycode);
  }

  @Get('entity/:handle')
  @Public()
  async entity(@Param('handle') handle: string, @Res() res: Response): Promise<void> {
    const json = await this.whois.entityRdap(String(handle ?? ''));
    return json ? send(res, 200, json) : notFound(res, 'the entity');
  }

  @Get('nameserver/:name')
  @Public()
  async nameserver(@Param('name') name: string, @Res() res: Response): Promise<void> {
    const n = String(name ?? '').trim().toLowerCase().replace(/\.$/, '');
    if (!/^[a-z0-9.-]{1,253}$/.test(n)) return badRequest(res, 'not a valid host name');
    const json = await this.whois.nameserverRdap(n);
    return json ? send(res, 200, json) : notFound(res, n);
  }

  @Get('help')
  @Public()
  help(@Res() res: Response): void {
    send(res, 200, this.whois.helpRdap());
  }

  /**
   * Anything else under /rdap is still an RDAP answer: the searches of RFC 9082 §3.2 (domains, nameservers, entities)
   * are not offered here (501, RFC 7480 §5.5), any other path is not an RDAP query (400).
   */
  @Get('*path')
  @Public()
  other(@Param('path') path: string | string[], @Res() res: Response): void {
    const first = (Array.isArray(path) ? path[0] : String(path ?? '').split('/')[0]) ?? '';
    if (['domains', 'nameservers', 'entities'].includes(first)) return send(res, 501, rdapError(501, 'Not Implemented', ['searches are not offered by this server']));
    return badRequest(res, 'not an RDAP query (see /rdap/help)');
  }
}
