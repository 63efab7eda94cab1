import { Controller, Get, Injectable, Req, Res } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { ApiExcludeController, DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { loadConfig } from '@registrar/infra';
import { PRODUCT } from '@registrar/messages';
import { GatewayConfig } from '../gateway.config';
import { Public } from '@registrar/identity';
import { appUrlFor } from '../payments/member';
import { API_ERROR_DESCRIPTIONS, apiErrorStatus, ApiErrorCode } from './api-error';
import { API_KEY_SCHEME } from './api-v1.controller';

/** Stands for the server's address in the curl examples; replaced by the address the document is read from. */
const BASE = '__API_BASE_URL__';

type Schema = { $ref?: string; type?: string; example?: unknown; properties?: Record<string, Schema>; items?: Schema; required?: string[] };
type Operation = {
  parameters?: Array<{ name: string; in: string; required?: boolean; example?: unknown; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema; examples?: Record<string, { value: unknown }> }> };
  'x-codeSamples'?: Array<{ lang: string; label: string; source: string }>;
};

const DESCRIPTION = [
  `${PRODUCT.serviceName}の会員向けREST APIです。ドメインの検索・取得・更新・各種設定を、Webサイトと同じ処理でプログラムから行えます。`,
  '',
  '* 認証: マイページの「API設定」でAPI利用をONにして発行したAPIキーを、すべてのリクエストの `X-API-Key` ヘッダーに付けてください。',
  '* IP制限: API設定でIP制限をONにすると、許可したIPアドレス（CIDR可）以外からの呼び出しは 403 `IP_NOT_ALLOWED` になります。',
  '* 回数制限: APIキーごとに一定時間あたりの呼び出し回数に上限があります。残りは `X-RateLimit-Remaining`、超えると 429 `RATE_LIMITED` と `Retry-After`（秒）を返します。',
  '* エラー: `{"error": {"code": "...", "message": "...", "details": [...]}}` の形で返します。`code` で判定してください。',
  '* 時間のかかる処理（取得・更新・ネームサーバー・ロック・自動更新・AUTHCODE）は 202 とジョブを返します。`GET /api/v1/jobs/{id}` を `status` が `finished` になるまで取得してください。',
  '* 操作できるのはAPIキーの持ち主のドメインだけです。',
].join('\n');

/** The OpenAPI document of the public API, generated from the controllers and DTOs (@nestjs/swagger). */
export function buildOpenApiDocument(app: INestApplication, include: Array<new (...args: never[]) => unknown>): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(`${PRODUCT.serviceName} API`)
    .setDescription(DESCRIPTION)
    .setVersion('1.0.0')
    .addServer('/')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'マイページのAPI設定で発行したAPIキー' }, API_KEY_SCHEME)
    .addTag('search', '空き状況と料金')
    .addTag('domains', '保有ドメインの一覧と操作')
    .addTag('dns', 'DNSテンプレートとゾーンファイル')
    .addTag('forwarding', 'URL転送・メール転送（転送設定）')
    .addTag('jobs', '時間のかかる処理の状態')
    .build();
  const doc = SwaggerModule.createDocument(app, config, { include, autoTagControllers: false, operationIdFactory: (_c, method) => method });
  addCurlSamples(doc);
  // what each error code means and its HTTP status, for the documentation page
  const codes = doc.components?.schemas?.ApiErrorCode as Record<string, unknown> | undefined;
  if (codes) {
    const all = (Array.isArray(codes.enum) ? codes.enum : Object.values(ApiErrorCode)) as ApiErrorCode[];
    codes['x-enum-descriptions'] = all.map((c) => API_ERROR_DESCRIPTIONS[c]);
    codes['x-enum-statuses'] = all.map((c) => apiErrorStatus(c));
  }
  return doc;
}

/** One curl example per operation (`x-codeSamples`, the convention documentation tools read), from the parameters' and bodies' examples. */
export function addCurlSamples(doc: OpenAPIObject): void {
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'delete', 'patch'] as const) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      let url = path;
      const query: string[] = [];
      for (const p of op.parameters ?? []) {
        const ex = p.example ?? p.schema?.example;
        if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURI(String(ex ?? p.name)));
        if (p.in === 'query' && ex !== undefined && p.required) query.push(`${p.name}=${encodeURI(String(ex))}`);
      }
      const body = op.requestBody?.content?.['application/json'];
      const example = body ? (Object.values(body.examples ?? {})[0]?.value ?? exampleOf(doc, body.schema)) : undefined;
      const lines = [`curl -X ${method.toUpperCase()} '${BASE}${url}${query.length ? `?${query.join('&')}` : ''}'`, `  -H "X-API-Key: $RAKKO_API_KEY"`];
      if (example !== undefined) lines.push(`  -H 'Content-Type: application/json'`, `  -d '${JSON.stringify(example)}'`);
      op['x-codeSamples'] = [{ lang: 'Shell', label: 'curl', source: lines.join(' \\\n') }];
    }
  }
}

function exampleOf(doc: OpenAPIObject, s: Schema | undefined, depth = 0): unknown {
  if (!s || depth > 5) return undefined;
  if (s.$ref) return exampleOf(doc, doc.components?.schemas?.[s.$ref.split('/').pop()!] as Schema, depth + 1);
  if (s.example !== undefined) return s.example;
  if (s.type === 'array') {
    const item = exampleOf(doc, s.items, depth + 1);
    return item === undefined ? [] : [item];
  }
  if (s.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s.properties)) {
      const ex = exampleOf(doc, v, depth + 1);
      if (ex !== undefined) out[k] = ex;
    }
    return out;
  }
  return undefined;
}

/** Holds the generated document (made once the application exists: configureGatewayApp). */
@Injectable()
export class OpenApiDocumentHolder {
  private json: string | null = null;
  set(doc: OpenAPIObject): void {
    this.json = JSON.stringify(doc);
  }
  /** The document with the curl examples pointing at this server. */
  for(baseUrl: string): string | null {
    return this.json?.split(BASE).join(baseUrl) ?? null;
  }
}

/** GET /api/v1/openapi.json: the raw document (public; the documentation page reads it). */
@ApiExcludeController()
@Controller('api/v1')
@Public()
export class OpenApiController {
  private readonly config = loadConfig(GatewayConfig);
  constructor(private readonly holder: OpenApiDocumentHolder) {}

  @Get('openapi.json')
  document(@Req() req: Request, @Res() res: Response): void {
    const json = this.holder.for(appUrlFor(req, this.config.APP_URL).replace(/\/+$/, ''));
    if (!json) {
      res.status(503).json({ error: { code: 'INTERNAL_ERROR', message: 'OpenAPI document is not ready' } });
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.type('application/json').send(json);
  }
}
