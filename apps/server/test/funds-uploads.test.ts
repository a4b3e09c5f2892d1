import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import { createStaff, fundRowCounts, pngClaiming, sampleImage, samplePdf, upload } from './funds-fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const investor = await createInvestor(t, { kyc: 'unverified' });
const other = await createInvestor(t, { kyc: 'unverified' });

async function storedFiles(): Promise<number> {
  try {
    const folders = await readdir(t.config.uploads.dir);
    let count = 0;
    for (const folder of folders) count += (await readdir(`${t.config.uploads.dir}/${folder}`)).length;
    return count;
  } catch {
    return 0;
  }
}

const read = (id: string, headers: Record<string, string>, prefix = '/api/vue/upload/file/') =>
  t.app.inject({ method: 'GET', url: `${prefix}${id}`, headers });

describe('uploads', () => {
  it('re-encodes JPEG, PNG and WebP by content, drops metadata, and stores under a random name', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const original = await sampleImage(format);
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const reply = await upload(t, investor, 'kyc', original, `id-card.${format}`);
      expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
      expect(reply.body.data.uploadId).toMatch(/^[0-9a-f]{32}$/);
      expect(reply.body.data.contentType).toBe(`image/${format}`);
      const served = await read(reply.body.data.uploadId, investor.headers);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(`image/${format}`);
      expect(served.headers['cache-control']).toBe('private, no-store');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.width).toBe(64);
    }
  });

  it('takes a PDF as a receipt but not as a KYC image', async () => {
    expect((await upload(t, investor, 'receipt', samplePdf(), 'receipt.pdf')).body.status).toBe(1);
    expect((await upload(t, investor, 'kyc', samplePdf(), 'card.pdf')).body.code).toBe(
      'UPLOAD_TYPE_NOT_ALLOWED',
    );
  });

  it('serves a file only to its owner and to reviewing staff, who are audited', async () => {
    const reply = await upload(t, investor, 'kyc', await sampleImage('png'));
    const id = reply.body.data.uploadId as string;
    expect((await read(id, other.headers)).statusCode).toBe(404);
    expect((await read(id, {})).statusCode).toBe(401);
    const compliance = await createStaff(t, ['compliance']);
    const content = await createStaff(t, ['content']);
    expect((await read(id, compliance.headers, '/api/console/uploads/')).statusCode).toBe(200);
    expect((await read(id, content.headers, '/api/console/uploads/')).statusCode).toBe(403);
    expect((await read('../../etc/passwd', compliance.headers, '/api/console/uploads/')).statusCode).toBe(
      404,
    );
    const audit = await t.db.selectFrom('audit_log').select('action').where('target_id', '=', id).execute();
    expect(audit.map((row) => row.action)).toEqual(['upload.read']);
  });
});

const jpeg = await sampleImage('jpeg');
const png = await sampleImage('png');

describe('upload fuzzing: each refused clearly, nothing stored', () => {
  const cases: [string, () => Promise<{ bytes: Buffer; name: string }>, string, number][] = [
    [
      'wrong magic bytes behind a .jpg name',
      async () => ({ bytes: Buffer.from('just some text, not a picture at all'), name: 'photo.jpg' }),
      'UPLOAD_TYPE_NOT_ALLOWED',
      200,
    ],
    [
      'a polyglot: a JPEG with a script after it',
      async () => ({
        bytes: Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>')]),
        name: 'photo.jpg',
      }),
      'UPLOAD_CONTENT_SUSPICIOUS',
      200,
    ],
    [
      'a polyglot: a PNG with a ZIP archive after it',
      async () => ({
        bytes: Buffer.concat([png, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0, 0])]),
        name: 'photo.png',
      }),
      'UPLOAD_CONTENT_SUSPICIOUS',
      200,
    ],
    [
      'a polyglot: a PDF with JavaScript',
      async () => ({
        bytes: Buffer.from(
          '%PDF-1.4\n1 0 obj<</OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\n%%EOF\n',
        ),
        name: 'r.pdf',
      }),
      'UPLOAD_CONTENT_SUSPICIOUS',
      200,
    ],
    ['zero bytes', async () => ({ bytes: Buffer.alloc(0), name: 'photo.jpg' }), 'UPLOAD_EMPTY', 200],
    [
      '5 MB + 1',
      async () => ({
        bytes: Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024 + 1 - jpeg.length)]),
        name: 'photo.jpg',
      }),
      'PAYLOAD_TOO_LARGE',
      413,
    ],
    [
      'a header claiming 100,000 x 100,000 pixels',
      async () => ({ bytes: pngClaiming(100_000, 100_000), name: 'bomb.png' }),
      'UPLOAD_DIMENSIONS_TOO_LARGE',
      200,
    ],
    [
      'a truncated image',
      async () => ({ bytes: jpeg.subarray(0, 40), name: 'photo.jpg' }),
      'UPLOAD_UNREADABLE',
      200,
    ],
    [
      'a path in the file name',
      async () => ({ bytes: jpeg, name: '../../etc/passwd.jpg' }),
      'UPLOAD_FILE_NAME_INVALID',
      200,
    ],
    [
      'a Windows path in the file name',
      async () => ({ bytes: jpeg, name: '..\\\\windows\\\\win.ini' }),
      'UPLOAD_FILE_NAME_INVALID',
      200,
    ],
  ];
  for (const [name, make, code, http] of cases) {
    it(name, async () => {
      const { bytes, name: fileName } = await make();
      const before = await fundRowCounts(t);
      const files = await storedFiles();
      const reply = await upload(t, investor, fileName.endsWith('.pdf') ? 'receipt' : 'kyc', bytes, fileName);
      expect(reply.body.code, JSON.stringify(reply.body)).toBe(code);
      expect(reply.http).toBe(http);
      expect(await fundRowCounts(t)).toEqual(before);
      expect(await storedFiles()).toBe(files);
    });
  }

  it('refuses a request without a session or with another purpose', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vue/upload/file?purpose=avatar',
      headers: investor.headers,
    });
    expect(response.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/vue/upload/file?purpose=kyc',
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
