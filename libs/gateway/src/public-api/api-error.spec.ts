import { BadRequestException, HttpException, HttpStatus, NotFoundException } from '@nestjs/common';
import { API_MESSAGES } from '@registrar/messages';
import { ApiErrorCode, ApiException, apiErrorStatus, toApiError } from './api-error';
import { addCurlSamples } from './openapi';

describe(toApiError.name, () => {
  it('keeps an API error as it is', () => {
    const e = new ApiException(ApiErrorCode.IpNotAllowed, API_MESSAGES.apiIpNotAllowed);
    expect(toApiError(e)).toBe(e);
    expect(e.getStatus()).toBe(403);
    expect(e.getResponse()).toEqual({ error: { code: 'IP_NOT_ALLOWED', message: API_MESSAGES.apiIpNotAllowed } });
  });

  it('turns the shared clients\' HTTP errors into codes, keeping the service\'s reasons', () => {
    const validation = toApiError(new BadRequestException({ message: ['years must be an integer number'] }));
    expect(validation.getResponse()).toEqual({ error: { code: 'VALIDATION_FAILED', message: API_MESSAGES.apiValidation, details: ['years must be an integer number'] } });
    expect(toApiError(new NotFoundException({ message: '指定されたドメインが見つかりません' })).code).toBe(ApiErrorCode.NotFound);
    const refused = toApiError(new HttpException({ code: 'DOMAIN_OPS_INVALID', message: 'a', errors: ['a', 'b'] }, HttpStatus.UNPROCESSABLE_ENTITY));
    expect(refused.getResponse()).toEqual({ error: { code: 'REJECTED', message: 'a', details: ['a', 'b'] } });
    expect(toApiError(new HttpException({ message: 'x' }, HttpStatus.GATEWAY_TIMEOUT)).code).toBe(ApiErrorCode.UpstreamTimeout);
    expect(toApiError(new Error('boom')).code).toBe(ApiErrorCode.Internal);
  });

  it('maps every code to a status', () => {
    for (const code of Object.values(ApiErrorCode)) expect(apiErrorStatus(code)).toBeGreaterThanOrEqual(400);
  });
});

describe(addCurlSamples.name, () => {
  it('writes one curl per operation from the path example and the body example', () => {
    const doc = {
      openapi: '3.0.0', info: { title: 't', version: '1' },
      paths: {
        '/api/v1/domains/{domain}/lock': {
          put: {
            parameters: [{ name: 'domain', in: 'path', required: true, example: 'example-shop.com', schema: { type: 'string' } }],
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/FlagBodyDto' } } } },
            responses: {},
          },
        },
        '/api/v1/availability': {
          get: { parameters: [{ name: 'domains', in: 'query', required: true, example: 'a.com,b.net', schema: { type: 'string' } }], responses: {} },
        },
      },
      components: { schemas: { FlagBodyDto: { type: 'object', properties: { enabled: { type: 'boolean', example: true } } } } },
    };
    addCurlSamples(doc as never);
    const put = (doc.paths['/api/v1/domains/{domain}/lock'].put as unknown as { 'x-codeSamples': Array<{ source: string }> })['x-codeSamples'][0].source;
    expect(put).toBe(`curl -X PUT '__API_BASE_URL__/api/v1/domains/example-shop.com/lock' \\\n  -H "X-API-Key: $RAKKO_API_KEY" \\\n  -H 'Content-Type: application/json' \\\n  -d '{"enabled":true}'`);
    const get = (doc.paths['/api/v1/availability'].get as unknown as { 'x-codeSamples': Array<{ source: string }> })['x-codeSamples'][0].source;
    expect(get).toBe(`curl -X GET '__API_BASE_URL__/api/v1/availability?domains=a.com,b.net' \\\n  -H "X-API-Key: $RAKKO_API_KEY"`);
  });
});
