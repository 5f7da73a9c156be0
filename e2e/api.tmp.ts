import { constants, publicEncrypt } from 'node:crypto';
const base = 'http://127.0.0.1:18931';
const key = (await (await fetch(`${base}/auth/base/tools/v1/getPublicKey`)).json()).value;
const enc = (p: string) => publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(p)).toString('base64');
const token = (await (await fetch(`${base}/auth/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: process.argv[2], password: enc('Demo@2026') }) })).json()).value.token;
const r = await fetch(`${base}/portal/portalNewsNotice/v1/${process.argv[3]}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ pageBean: { pageSize: 50 } }) });
const v = (await r.json()).value;
for (const row of v.rows) console.log(row.id, row.title);
