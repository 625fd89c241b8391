import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { sendJson, serveFake } from './fake-server';

// A local stand-in for Cloudinary's Upload API (POST /v1_1/{cloud}/{resource_type}/upload, multipart, signed
// parameters checked exactly as Cloudinary checks them) and the Admin API's asset details
// (GET /v1_1/{cloud}/resources/{resource_type}/upload/{public_id}, Basic auth), answering with their
// documented shapes and `{ "error": { "message" } }` failures, so tests drive the real adapter and the
// browser's upload over HTTP (127.0.0.1, a random port). Used by tests only.

export type FakeCloudinaryBehaviour = 'normal' | 'server-error' | 'rate-limited' | 'not-json' | 'hang';

export type FakeCloudinaryAsset = {
  publicId: string;
  resourceType: 'image' | 'video';
  format: string;
  version: number;
  bytes: number;
  width: number | null;
  height: number | null;
  folder: string;
};

export type FakeCloudinaryRequest = { method: string; path: string; authorization: string | undefined };

export type FakeCloudinary = {
  apiBase: string;
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  // cloudinary://key:secret@cloud, for CLOUDINARY_URL.
  url: string;
  assets: Map<string, FakeCloudinaryAsset>;
  requests: FakeCloudinaryRequest[];
  behaviour: { upload: FakeCloudinaryBehaviour; admin: FakeCloudinaryBehaviour };
  // Puts an asset in place as an upload would (a 12 MB video without sending 12 MB, say).
  putAsset: (
    asset: Omit<FakeCloudinaryAsset, 'version' | 'publicId'> & { publicId?: string },
  ) => FakeCloudinaryAsset;
  secureUrl: (asset: FakeCloudinaryAsset) => string;
  close: () => Promise<void>;
};

// Cloudinary's format names for what a file's bytes are.
const FORMATS: Record<string, { format: string; resourceType: 'image' | 'video' }> = {
  'image/jpeg': { format: 'jpg', resourceType: 'image' },
  'image/png': { format: 'png', resourceType: 'image' },
  'image/webp': { format: 'webp', resourceType: 'image' },
  'image/gif': { format: 'gif', resourceType: 'image' },
  'video/mp4': { format: 'mp4', resourceType: 'video' },
  'video/webm': { format: 'webm', resourceType: 'video' },
  'video/quicktime': { format: 'mov', resourceType: 'video' },
};

// Parameters that are sent but not signed (Cloudinary's rule).
const UNSIGNED = new Set(['file', 'cloud_name', 'resource_type', 'api_key', 'signature']);

export async function startFakeCloudinary(
  options: { cloudName?: string; apiKey?: string; apiSecret?: string } = {},
): Promise<FakeCloudinary> {
  const cloudName = options.cloudName ?? 'oja-test';
  const apiKey = options.apiKey ?? '123456789012345';
  const apiSecret = options.apiSecret ?? 'fake-cloudinary-secret-abcdef';
  let lastVersion = Math.floor(Date.now() / 1000);
  const nextVersion = () => (lastVersion += 1);

  const fake: FakeCloudinary = {
    apiBase: '',
    cloudName,
    apiKey,
    apiSecret,
    url: `cloudinary://${apiKey}:${apiSecret}@${cloudName}`,
    assets: new Map(),
    requests: [],
    behaviour: { upload: 'normal', admin: 'normal' },
    putAsset(asset) {
      const stored: FakeCloudinaryAsset = {
        ...asset,
        publicId: asset.publicId ?? `${asset.folder}/${randomBytes(10).toString('hex')}`,
        version: nextVersion(),
      };
      fake.assets.set(`${stored.resourceType}/${stored.publicId}`, stored);
      return stored;
    },
    secureUrl: (asset) =>
      `https://res.cloudinary.com/${cloudName}/${asset.resourceType}/upload/v${asset.version}/${asset.publicId}.${asset.format}`,
    close: () => server.close(),
  };

  // Cloudinary's Upload API answers browsers on any origin.
  const send = (response: ServerResponse, status: number, body: unknown) =>
    sendJson(response, status, body, { 'access-control-allow-origin': '*' });
  const fail = (response: ServerResponse, status: number, message: string) =>
    send(response, status, { error: { message } });

  // The shape both APIs use for one asset.
  const describe = (asset: FakeCloudinaryAsset) => ({
    asset_id: createHash('md5').update(asset.publicId).digest('hex'),
    public_id: asset.publicId,
    format: asset.format,
    version: asset.version,
    resource_type: asset.resourceType,
    type: 'upload',
    created_at: new Date(asset.version * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    bytes: asset.bytes,
    ...(asset.width ? { width: asset.width, height: asset.height } : {}),
    asset_folder: asset.folder,
    display_name: asset.publicId.split('/').at(-1),
    url: fake.secureUrl(asset).replace('https://', 'http://'),
    secure_url: fake.secureUrl(asset),
  });

  const misbehave = (behaviour: FakeCloudinaryBehaviour, response: ServerResponse): boolean => {
    if (behaviour === 'normal') return false;
    if (behaviour === 'hang') return true; // never answers: the adapter's timeout has to end it
    if (behaviour === 'server-error') fail(response, 500, 'General Error');
    if (behaviour === 'rate-limited') fail(response, 420, 'Rate Limit Exceeded');
    if (behaviour === 'not-json') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>Bad gateway</html>');
    }
    return true;
  };

  async function upload(
    request: IncomingMessage,
    response: ServerResponse,
    body: Buffer,
    resourceType: string,
  ) {
    if (misbehave(fake.behaviour.upload, response)) return;
    let form: FormData;
    try {
      form = await new Response(body, {
        headers: { 'content-type': request.headers['content-type'] ?? '' },
      }).formData();
    } catch {
      return fail(response, 400, 'Missing required parameter - file');
    }
    const file = form.get('file');
    if (!(file instanceof Blob)) return fail(response, 400, 'Missing required parameter - file');
    if (form.get('api_key') !== apiKey) return fail(response, 401, 'Unknown API key');
    const params: Record<string, string> = {};
    for (const [name, value] of form.entries()) {
      if (!UNSIGNED.has(name) && typeof value === 'string') params[name] = value;
    }
    const toSign = Object.keys(params)
      .sort()
      .map((name) => `${name}=${params[name]}`)
      .join('&');
    const expected = createHash('sha1')
      .update(toSign + apiSecret)
      .digest('hex');
    const signature = form.get('signature');
    if (signature !== expected)
      return fail(
        response,
        401,
        `Invalid Signature ${typeof signature === 'string' ? signature : ''}. String to sign - '${toSign}'.`,
      );
    const timestamp = Number(params.timestamp);
    if (!Number.isFinite(timestamp) || Date.now() / 1000 - timestamp > 3600) {
      return fail(
        response,
        400,
        `Stale request - reported time is ${params.timestamp} which is more than 1 hour ago`,
      );
    }

    const bytes = Buffer.from(await file.arrayBuffer());
    const type = FORMATS[(await fileTypeFromBuffer(bytes))?.mime ?? ''];
    if (!type || (resourceType !== 'auto' && resourceType !== type.resourceType))
      return fail(response, 400, 'Invalid image file');
    const allowed = params.allowed_formats?.split(',');
    if (allowed && !allowed.includes(type.format))
      return fail(
        response,
        400,
        `${type.resourceType === 'image' ? 'Image' : 'Video'} file format ${type.format} not allowed`,
      );
    const size = type.resourceType === 'image' ? await sharp(bytes).metadata() : null;
    const folder = params.folder ?? '';
    const asset = fake.putAsset({
      ...(folder ? { folder } : { folder: '', publicId: randomBytes(10).toString('hex') }),
      resourceType: type.resourceType,
      format: type.format,
      bytes: bytes.length,
      width: size?.width ?? null,
      height: size?.height ?? null,
    });
    send(response, 200, {
      ...describe(asset),
      version_id: randomBytes(16).toString('hex'),
      signature: createHash('sha1')
        .update(`public_id=${asset.publicId}&version=${asset.version}${apiSecret}`)
        .digest('hex'),
      tags: [],
      etag: createHash('md5').update(bytes).digest('hex'),
      placeholder: false,
      original_filename: file instanceof File ? file.name.replace(/\.[^.]*$/, '') : 'file',
    });
  }

  function resource(
    request: IncomingMessage,
    response: ServerResponse,
    resourceType: string,
    publicId: string,
  ) {
    const expected = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return fail(response, 401, 'Invalid credentials');
    if (misbehave(fake.behaviour.admin, response)) return;
    const asset = fake.assets.get(`${resourceType}/${publicId}`);
    if (!asset) return fail(response, 404, `Resource not found - ${publicId}`);
    send(response, 200, { ...describe(asset), pages: 1, derived: [] });
  }

  const server = await serveFake((request, response, body) => {
    const url = new URL(request.url ?? '/', 'http://fake.cloudinary');
    const method = request.method ?? 'GET';
    fake.requests.push({ method, path: url.pathname, authorization: request.headers.authorization });
    if (method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'POST, GET',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '',
      });
      return response.end();
    }
    const segments = url.pathname.split('/').slice(1).map(decodeURIComponent);
    const [version, cloud, ...rest] = segments;
    if (version !== 'v1_1' || cloud !== cloudName) return fail(response, 404, 'Invalid cloud_name');
    if (method === 'POST' && rest.length === 2 && rest[1] === 'upload') {
      upload(request, response, body, rest[0] ?? '').catch(() => fail(response, 500, 'General Error'));
      return;
    }
    if (method === 'GET' && rest[0] === 'resources' && rest[2] === 'upload' && rest.length > 3) {
      return resource(request, response, rest[1] ?? '', rest.slice(3).join('/'));
    }
    fail(response, 404, 'Not found');
  });
  fake.apiBase = server.baseUrl;
  return fake;
}
